import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    /// Bytes are stored exactly; text holding U+0000 (NUL), which PostgreSQL's `TEXT` cannot hold,
    /// is refused alike on every backend with ``PurchaseStoreError/Code/nulInText`` and stores nothing.
    static let textCases: [StoreContractCase] = [
        StoreContractCase("text: NUL in any text field is refused on every backend; nothing is stored") { context throws in
            let store = context.store
            let body = Data("{}".utf8)
            var typed = InboxNotification(id: "uuid-t", appId: "app", version: 1, body: body, receivedAt: StoreFixtures.t0)
            typed.notificationType = "INITIAL_BUY\u{0}"
            var failed = InboxNotification(id: "uuid-f", appId: "app", version: 2, body: body, receivedAt: StoreFixtures.t0)
            failed.lastError = "quoted \u{0} input"
            let keyed = InboxNotification(id: "uuid-\u{0}", appId: "app", version: 2, body: body, receivedAt: StoreFixtures.t0)
            for entry in [typed, failed, keyed] {
                let error = await #expect(throws: PurchaseStoreError.self, "\(entry.id)") {
                    try await store.write { try await $0.insertInbox(entry) }
                }
                #expect(error?.code == .nulInText, "\(entry.id): \(String(describing: error))")
            }
            #expect(try await store.read { try await $0.inboxCount(status: .received) } == 0)

            let alice = StoreFixtures.customerID("alice")
            let credit = try StoreFixtures.credit(alice, 10, key: "grant\u{0}")
            let refused = await #expect(throws: PurchaseStoreError.self) {
                try await store.write { try await $0.post(credit, requireNonNegative: true) }
            }
            #expect(refused?.code == .nulInText)
            #expect(try await store.read { try await $0.balances(customerId: alice) }.isEmpty)
            // Looking up such a key is refused the same way (never a backend's own error).
            let lookup = await #expect(throws: PurchaseStoreError.self) {
                try await store.read { try await $0.journalEntry(key: "grant\u{0}") }
            }
            #expect(lookup?.code == .nulInText)
        },
        StoreContractCase("inbox: a body is stored as the exact bytes received, whatever they are") { context throws in
            let store = context.store
            var generator = SystemRandomNumberGenerator()
            let bodies: [[UInt8]] = [
                Array(#"{"notification_type":"INITIAL_BUY"#.utf8) + [0] + Array(#""}"#.utf8),
                [0x7b, 0x22, 0xc3, 0x28, 0xa0, 0xa1, 0x22, 0x7d],  // invalid UTF-8
                [UInt8](repeating: 0xff, count: 64),
                [UInt8](repeating: 0, count: 16),
                (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) },
                [],
            ]
            for (index, bytes) in bodies.enumerated() {
                let entry = InboxNotification(
                    id: "body-\(index)", appId: "app", version: 0, body: Data(bytes), receivedAt: StoreFixtures.at(Int64(index)),
                    status: .rejected)
                #expect(try await store.write { try await $0.insertInbox(entry) })
                let stored = try await store.read { try await $0.inboxNotification(id: "body-\(index)") }
                #expect(stored.map { [UInt8]($0.body) } == bytes, "body \(index)")
            }
        },
    ]
}
