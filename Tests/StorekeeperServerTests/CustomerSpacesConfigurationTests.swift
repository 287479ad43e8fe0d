import Configuration
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// Which customers each app names: its own, its group's, or those stored before apps were
/// isolated; and the configurations refused.
@Suite struct CustomerSpacesConfigurationTests {
    static func configuration(
        apps: [String], groups: [String: [String]] = [:], preIsolation: String? = nil
    ) async throws -> StorekeeperConfiguration {
        var app: [String: Any] = [:]
        for id in apps {
            app[id] = [
                "bundleId": "com.example.\(id)", "products": ["gems"],
                "product": ["gems": ["kind": "consumable", "currencies": ["gems=100"]]],
            ]
        }
        var json: [String: Any] = ["mode": "development", "apps": apps, "app": app]
        if !groups.isEmpty {
            json["appGroups"] = groups.keys.sorted()
            json["appGroup"] = groups.mapValues { ["apps": $0] }
        }
        if let preIsolation { json["storage"] = ["preIsolationCustomers": preIsolation] }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        return try await ConfigurationTests.load(json: text)
    }

    static func spaces(_ configuration: StorekeeperConfiguration) -> [String: String] {
        Dictionary(uniqueKeysWithValues: configuration.apps.map { ($0.id, $0.customerSpace.rawValue) })
    }

    @Test("one app keeps the customers stored before isolation; every further app names its own")
    func eachAppItsOwn() async throws {
        #expect(Self.spaces(try await Self.configuration(apps: ["main"])) == ["main": ""])
        let three = try await Self.configuration(apps: ["main", "b", "c"])
        #expect(Self.spaces(three) == ["main": "", "b": "b", "c": "c"])
        #expect(three.preIsolationCustomers == "main")
    }

    @Test("a group's apps share its space; the pre-isolation customers go to the app or group named")
    func groups() async throws {
        let grouped = try await Self.configuration(apps: ["main", "ios", "mac"], groups: ["product": ["ios", "mac"]])
        #expect(Self.spaces(grouped) == ["main": "", "ios": "product", "mac": "product"])
        let owned = try await Self.configuration(
            apps: ["main", "ios", "mac"], groups: ["product": ["ios", "mac"]], preIsolation: "product")
        #expect(Self.spaces(owned) == ["main": "main", "ios": "", "mac": ""])
        let firstInGroup = try await Self.configuration(apps: ["ios", "mac", "other"], groups: ["product": ["ios", "mac"]])
        #expect(Self.spaces(firstInGroup) == ["ios": "", "mac": "", "other": "other"])
        #expect(firstInGroup.preIsolationCustomers == "product")
    }

    @Test(
        "a group or owner that names the wrong thing stops the server at start, with its key",
        arguments: [
            (["product": ["ios", "nope"]], nil, "appGroup.product.apps"),
            (["one": ["ios"], "two": ["ios"]], nil, "appGroup.two.apps"),
            (["ios": ["mac"]], nil, "appGroups"),
            ([:], "nope", "storage.preIsolationCustomers"),
            (["product": ["ios", "mac"]], "ios", "storage.preIsolationCustomers"),
        ] as [([String: [String]], String?, String)])
    func refused(_ groups: [String: [String]], _ owner: String?, _ key: String) async throws {
        do {
            _ = try await Self.configuration(apps: ["ios", "mac"], groups: groups, preIsolation: owner)
            Issue.record("accepted \(groups), \(owner ?? "-")")
        } catch let error as ConfigurationError {
            #expect(error.key == key, "\(error)")
        }
    }
}
