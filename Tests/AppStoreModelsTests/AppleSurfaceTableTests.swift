import AppStoreModels
import Foundation
import Testing

/// docs/APPLE-SURFACE.md against the models: every endpoint case, every documented notification
/// type and subtype and every stored (so decoded) field of the payloads has a row, and every row
/// names something the models have. A missing or stale row fails with its name.
@Suite struct AppleSurfaceTableTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/APPLE-SURFACE.md")

    /// A model's fields: its stored properties, whose names equal Apple's JSON keys (the house
    /// rule of AppStoreModels), as a reflection of a value sees them — computed conveniences
    /// (`isRevoked`, the payload's `environment`) are not fields.
    static func fields(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    /// Each section of the page (its heading) and what the models say it must list.
    static let sections: [(heading: String, names: Set<String>)] = [
        ("## Endpoints (App Store Server API)", Set(AppStoreServerEndpoint.allCases.map(\.rawValue))),
        ("## Notification types (V2 `notificationType`)", Set(NotificationTypeV2.knownValues.map(\.rawValue))),
        ("## Notification subtypes (V2 `subtype`)", Set(NotificationSubtype.knownValues.map(\.rawValue))),
        ("### `ResponseBodyV2DecodedPayload`", fields(of: ResponseBodyV2DecodedPayload())),
        ("### `NotificationData`", fields(of: NotificationData())),
        ("### `JWSTransactionDecodedPayload`", fields(of: JWSTransactionDecodedPayload())),
        ("### `JWSRenewalInfoDecodedPayload`", fields(of: JWSRenewalInfoDecodedPayload())),
        ("### `TransactionCommitmentInfo`", fields(of: TransactionCommitmentInfo())),
        ("### `RenewalCommitmentInfo`", fields(of: RenewalCommitmentInfo())),
        ("### `TransactionMultiSeatInfo`", fields(of: TransactionMultiSeatInfo())),
        ("### `RenewalMultiSeatInfo`", fields(of: RenewalMultiSeatInfo())),
        ("### `Summary`", fields(of: Summary())),
        (
            "### `ExternalPurchaseToken`",
            fields(
                of: ExternalPurchaseToken(
                    externalPurchaseId: "", tokenCreationDate: Timestamp(millisecondsSince1970: 0), appAppleId: 0, bundleId: ""))
        ),
        ("### `AppData`", fields(of: AppData())),
        ("### `UnclaimInfo`", fields(of: UnclaimInfo())),
        ("### `AppTransaction`", fields(of: AppTransaction())),
    ]

    /// The page's rows by section: the backticked name in each table row's first cell, under the
    /// heading line that starts with the section's heading.
    static func rows() throws -> [String: [String]] {
        var rows: [String: [String]] = [:]
        var current: String?
        for line in try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                current = sections.first { line.hasPrefix($0.heading) }?.heading
                if let current { rows[current, default: []] = rows[current] ?? [] }
                continue
            }
            guard let current, line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(3)
            guard let end = cell.firstIndex(of: "`") else { continue }
            rows[current, default: []].append(String(cell[..<end]))
        }
        return rows
    }

    @Test("every section of the page is there", arguments: sections.map(\.heading))
    func sectionPresent(_ heading: String) throws {
        #expect(try Self.rows()[heading] != nil, "docs/APPLE-SURFACE.md has no section \(heading)")
    }

    @Test(
        "every endpoint, type, subtype and field has exactly one row; every row names one that exists",
        arguments: sections.map(\.heading))
    func rowsMatchTheModels(_ heading: String) throws {
        let expected = try #require(Self.sections.first { $0.heading == heading }).names
        #expect(!expected.isEmpty)
        let listed = try Self.rows()[heading] ?? []
        let missing = expected.subtracting(listed).sorted()
        let stale = Set(listed).subtracting(expected).sorted()
        let twice = Dictionary(grouping: listed, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(missing.isEmpty, "\(heading): no row for \(missing.joined(separator: ", "))")
        #expect(stale.isEmpty, "\(heading): rows for what the models do not have: \(stale.joined(separator: ", "))")
        #expect(twice.isEmpty, "\(heading): listed more than once: \(twice.joined(separator: ", "))")
    }
}
