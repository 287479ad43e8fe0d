import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// `CustomerView` writes its own JSON (the hot answer of `GET /customers/{id}`); it must be
/// exactly what its `Codable` conformance gives under Foundation's encoder with sorted keys.
@Suite struct CustomerViewJSONTests {
    /// A random view, built as JSON and decoded, so every field (optional or not) is exercised.
    static func randomView(_ generator: inout some RandomNumberGenerator, complete: Bool) throws -> CustomerView {
        func text() -> String { CanonicalJSON.texts.randomElement(using: &generator)! }
        func maybe(_ value: Any) -> Any? { complete || Bool.random(using: &generator) ? value : nil }
        func millis() -> Int64 { Int64.random(in: 0...4_102_444_800_000, using: &generator) }
        func count() -> Int { complete ? 2 : Int.random(in: 0...3, using: &generator) }
        func environment() -> String { ["Production", "Sandbox", "Xcode"].randomElement(using: &generator)! }
        let entitlements: [[String: Any?]] = (0..<count()).map { _ in
            [
                "id": text(), "isActive": Bool.random(using: &generator), "expiresAt": maybe(millis()),
                "productId": text(), "source": text(), "environment": environment(),
            ]
        }
        let subscriptions: [[String: Any?]] = (0..<count()).map { _ in
            [
                "originalTransactionId": text(), "environment": environment(), "productId": text(),
                "group": maybe(text()), "phase": text(), "expiresAt": maybe(millis()),
                "autoRenewStatus": maybe(Int.random(in: 0...1, using: &generator)), "autoRenewProductId": maybe(text()),
                "commitment": maybe(
                    [
                        "billingPeriodNumber": maybe(Int.random(in: 1...12, using: &generator)), "totalBillingPeriods": maybe(12),
                        "expiresAt": maybe(millis()), "autoRenewStatus": maybe(Int.random(in: 0...1, using: &generator)),
                    ].compactMapValues { $0 }),
            ]
        }
        let purchases: [[String: Any?]] = (0..<count()).map { _ in
            [
                "transactionId": text(), "originalTransactionId": text(), "environment": environment(),
                "productId": text(), "quantity": Int.random(in: 1...10, using: &generator), "purchaseDate": millis(),
                "expiresDate": maybe(millis()), "revocationDate": maybe(millis()),
                "revocationReason": maybe(Int32.random(in: -1...5, using: &generator)),
                "isUpgraded": Bool.random(using: &generator),
                "price": maybe(Int64.random(in: 0...999_990, using: &generator)), "currency": maybe("USD"),
                "orderId": maybe(UUID().uuidString),
            ]
        }
        let balances = Dictionary(
            uniqueKeysWithValues: (0..<count()).map { index in
                ("\(text())\(index)", Int64.random(in: -1_000_000...Int64.max, using: &generator))
            })
        let object: [String: Any?] = [
            "customerId": "c\(Int.random(in: 0...999_999, using: &generator))", "createdAt": maybe(millis()),
            "entitlements": entitlements.map { $0.compactMapValues { $0 } },
            "subscriptions": subscriptions.map { $0.compactMapValues { $0 } },
            "purchases": purchases.map { $0.compactMapValues { $0 } }, "balances": balances,
        ]
        let json = try JSONSerialization.data(withJSONObject: object.compactMapValues { $0 })
        return try JSONDecoder().decode(CustomerView.self, from: json)
    }

    @Test func writesExactlyWhatCodableWrites() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let view = try Self.randomView(&generator, complete: false)
            #expect(try CanonicalJSON.written(view) == CanonicalJSON.foundation(view))
        }
    }

    /// A view with every optional present: a field added to the model but not to the writer
    /// shows up as a difference here.
    @Test func coversEveryField() throws {
        var generator = SystemRandomNumberGenerator()
        let view = try Self.randomView(&generator, complete: true)
        for value in [Mirror(reflecting: view)]
            + [view.entitlements[0], view.subscriptions[0], view.purchases[0]].map({ Mirror(reflecting: $0) })
            + [try #require(view.subscriptions[0].commitment)].map({ Mirror(reflecting: $0) })
        {
            for child in value.children {
                #expect(String(describing: child.value) != "nil", "the complete fixture leaves \(child.label ?? "?") empty")
            }
        }
        #expect(try CanonicalJSON.written(view) == CanonicalJSON.foundation(view))
    }
}
