import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let auditCases: [StoreContractCase] = [
        StoreContractCase("audit: events by customer (newest first) and by subject; a replayed event is kept once") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            func event(_ kind: String, at offset: Int64, customer: CustomerID? = alice, subject: String? = "Production:t1") -> AuditEvent {
                AuditEvent(
                    customerId: customer, kind: kind, actor: .job("recovery"), subject: subject, fact: "transaction:Production:t1",
                    details: ["product": "coins.100", "note": "ünïcödé \"quoted\" / slash"], createdAt: StoreFixtures.at(offset))
            }
            let recorded = event("purchase.recorded", at: 1)
            let credited = event("wallet.credited", at: 2)
            let sameInstant = event("entitlement.granted", at: 2)
            let system = AuditEvent(customerId: nil, kind: "ownership.checked", actor: AuditActor(rawValue: "future-actor"), createdAt: StoreFixtures.at(3))
            try await store.write { tx throws in
                for event in [recorded, credited, sameInstant, system] { try await tx.append(event) }
                try await tx.append(recorded)
            }
            try await store.read { tx throws in
                #expect(try await tx.auditEvents(customerId: alice, limit: 10) == [sameInstant, credited, recorded])
                #expect(try await tx.auditEvents(customerId: alice, limit: 1) == [sameInstant])
                #expect(try await tx.auditEvents(subject: "Production:t1") == [recorded, credited, sameInstant])
                #expect(try await tx.auditEvents(subject: "nothing").isEmpty)
            }
            try await store.write { try await $0.append(recorded) }
            #expect(try await store.read { try await $0.auditEvents(customerId: alice, limit: 10) }.count == 3)
        }
    ]

    static let inboxCases: [StoreContractCase] = [
        StoreContractCase("inbox: deduplicated by id; updates; pending oldest first; counts") { context throws in
            let store = context.store
            let body = Data((0...255).map(UInt8.init))
            let first = InboxNotification(id: "uuid-1", appId: "app", version: 2, body: body, receivedAt: StoreFixtures.at(2))
            let second = InboxNotification(id: "uuid-2", appId: "app", version: 1, body: Data("{}".utf8), receivedAt: StoreFixtures.at(1))
            let third = InboxNotification(id: "uuid-3", appId: "app", version: 2, body: Data("x".utf8), receivedAt: StoreFixtures.at(3))
            #expect(try await store.write { try await $0.insertInbox(first) })
            #expect(try await store.write { try await $0.insertInbox(second) })
            #expect(try await store.write { try await $0.insertInbox(third) })
            // Apple retries: same id, another copy of the body.
            var retry = first
            retry.body = Data("other".utf8)
            retry.receivedAt = StoreFixtures.at(50)
            #expect(try await store.write { try await $0.insertInbox(retry) } == false)
            #expect(try await store.read { try await $0.inboxNotification(id: "uuid-1") } == first)

            var processed = first
            processed.status = .processed
            processed.attempts = 1
            processed.notificationType = "DID_RENEW"
            processed.subtype = "BILLING_RECOVERY"
            processed.signedDate = StoreFixtures.at(1)
            processed.processedAt = StoreFixtures.at(4)
            var failed = third
            failed.status = .failed
            failed.attempts = 2
            failed.lastError = "transient"
            try await store.write { tx throws in
                try await tx.updateInbox(processed)
                try await tx.updateInbox(failed)
            }
            try await store.read { tx throws in
                #expect(try await tx.inboxNotification(id: "uuid-1") == processed)
                #expect(try await tx.inboxNotification(id: "nope") == nil)
                #expect(try await tx.pendingInbox(limit: 10).map(\.id) == ["uuid-2", "uuid-3"])
                #expect(try await tx.pendingInbox(limit: 1).map(\.id) == ["uuid-2"])
                #expect(try await tx.inboxCount(status: .received) == 1)
                #expect(try await tx.inboxCount(status: .processed) == 1)
                #expect(try await tx.inboxCount(status: .failed) == 1)
                #expect(try await tx.inboxCount(status: .rejected) == 0)
            }
            await #expect(throws: (any Error).self) {
                try await store.write { tx throws in
                    try await tx.updateInbox(InboxNotification(id: "never", appId: "app", version: 2, body: Data(), receivedAt: StoreFixtures.t0))
                }
            }
        }
    ]

    static let coordinationCases: [StoreContractCase] = [
        StoreContractCase("watermarks and API keys") { context throws in
            let store = context.store
            #expect(try await store.read { try await $0.watermark("history") } == nil)
            try await store.write { try await $0.setWatermark("history", value: "token-1") }
            try await store.write { try await $0.setWatermark("history", value: "token-2") }
            #expect(try await store.read { try await $0.watermark("history") } == "token-2")

            let key = APIKeyRecord(name: "backend", hash: String(repeating: "ab", count: 32), scopes: ["wallet:write", "customers:read"], createdAt: StoreFixtures.t0)
            let revoked = APIKeyRecord(name: "old", hash: String(repeating: "cd", count: 32), scopes: [], createdAt: StoreFixtures.t0, revokedAt: StoreFixtures.at(5))
            try await store.write { tx throws in
                try await tx.insertAPIKey(key)
                try await tx.insertAPIKey(revoked)
            }
            try await store.read { tx throws in
                #expect(try await tx.apiKey(hash: key.hash) == key)
                #expect(try await tx.apiKey(hash: revoked.hash) == revoked)
                #expect(try await tx.apiKey(hash: "unknown") == nil)
            }
            await #expect(throws: (any Error).self) { try await store.write { try await $0.insertAPIKey(key) } }
        },
        StoreContractCase("leases: one holder; renewal; takeover only after expiry") { context throws in
            let store = context.store
            func acquire(_ owner: String, until: Int64, now: Int64) async throws -> Bool {
                try await store.write { try await $0.acquireLease("reconcile", owner: owner, until: StoreFixtures.at(until), now: StoreFixtures.at(now)) }
            }
            #expect(try await acquire("a", until: 100, now: 0))
            #expect(try await acquire("b", until: 150, now: 50) == false)
            #expect(try await acquire("a", until: 200, now: 60))
            #expect(try await acquire("b", until: 300, now: 199) == false)
            #expect(try await acquire("b", until: 300, now: 200))
            #expect(try await acquire("a", until: 400, now: 201) == false)
            #expect(try await store.write { try await $0.acquireLease("other", owner: "a", until: StoreFixtures.at(400), now: StoreFixtures.at(201)) })
        },
        StoreContractCase("leases: of 20 concurrent claimants exactly one wins") { context throws in
            let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    let store = index.isMultiple(of: 2) ? context.store : context.otherInstance
                    group.addTask {
                        try await store.write {
                            try await $0.acquireLease("sweeper", owner: "instance-\(index)", until: StoreFixtures.at(1_000), now: StoreFixtures.t0)
                        }
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(winners == 1)
        },
    ]
}
