import Crypto
import Foundation
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// `app.<id>.reports.*`: the App Store Connect team key and vendor number.
@Suite struct ReportsConfigurationTests {
    static let pem = P256.Signing.PrivateKey().pemRepresentation

    @Test func readsTheTeamKeyAndVendorNumber() async throws {
        let configuration = try await ConfigurationTests.load(overrides: [
            "app.main.reports.privateKey": Self.pem, "app.main.reports.issuerId": "issuer-1", "app.main.reports.keyId": "KEY1",
            "app.main.reports.vendorNumber": "85000000", "app.main.reports.baseURL": "http://127.0.0.1:9999",
        ])
        let reports = try #require(configuration.app("main")?.reports)
        #expect(reports.issuerId == "issuer-1")
        #expect(reports.keyId == "KEY1")
        #expect(reports.vendorNumber == "85000000")
        #expect(reports.baseURL == "http://127.0.0.1:9999")
        #expect(reports.trailingDays == 3, "the default re-fetch window")
        #expect(reports.requestsPerHour == 3500, "Apple's example limit")
        #expect(try reports.token().keyId == "KEY1")
        #expect(try await ConfigurationTests.load().app("main")?.reports == nil)
    }

    @Test(arguments: [
        ("app.main.reports.vendorNumber", "85-000", "app.main.reports.vendorNumber"),
        ("app.main.reports.keyId", "", "app.main.reports.keyId"),
        ("app.main.reports.privateKey", "not a key", "app.main.reports.privateKey"),
        ("app.main.reports.trailingDays", "0", "app.main.reports.trailingDays"),
        ("app.main.reports.trailingDays", "31", "app.main.reports.trailingDays"),
        ("app.main.reports.requestsPerHour", "0", "app.main.reports.requestsPerHour"),
        ("app.main.reports.requestsPerHour", "100001", "app.main.reports.requestsPerHour"),
    ])
    func refusesABadSetting(key: String, value: String, named: String) async throws {
        var overrides = [
            "app.main.reports.privateKey": Self.pem, "app.main.reports.issuerId": "issuer-1", "app.main.reports.keyId": "KEY1",
            "app.main.reports.vendorNumber": "85000000",
        ]
        overrides[key] = value
        if value.isEmpty { overrides[key] = nil }
        await #expect {
            _ = try await ConfigurationTests.load(overrides: overrides)
        } throws: { error in
            (error as? ConfigurationError)?.key == named
        }
    }

    @Test func refusesACustomURLInProductionMode() async throws {
        let json = ConfigurationTests.minimal.replacingOccurrences(of: "\"development\"", with: "\"production\"")
        await #expect {
            _ = try await ConfigurationTests.load(
                json: json,
                overrides: [
                    "app.main.reports.privateKey": Self.pem, "app.main.reports.issuerId": "i", "app.main.reports.keyId": "K",
                    "app.main.reports.vendorNumber": "1", "app.main.reports.baseURL": "http://127.0.0.1:1",
                ])
        } throws: { error in
            (error as? ConfigurationError)?.key == "app.main.reports.baseURL"
        }
    }
}
