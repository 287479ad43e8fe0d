import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

extension PurchaseStoreContract {
    static let operatorCases: [StoreContractCase] = [
        StoreContractCase("operators: found by key hash and name; names and key hashes unique; disabled once, never deleted") {
            context throws in
            let store = context.store
            let alice = Operator(name: "alice", role: .support, apps: ["b", "a"], keyHash: "hash-a", createdAt: StoreFixtures.at(1))
            let bob = Operator(name: "bob", role: .viewer, apps: ["a"], keyHash: "hash-b", createdAt: StoreFixtures.at(2))
            try await store.write { tx throws in
                try await tx.insertOperator(bob)
                try await tx.insertOperator(alice)
            }
            for duplicate in [
                Operator(name: "alice", role: .admin, apps: ["a"], keyHash: "hash-c", createdAt: StoreFixtures.at(3)),
                Operator(name: "carol", role: .admin, apps: ["a"], keyHash: "hash-a", createdAt: StoreFixtures.at(3)),
            ] {
                await #expect(throws: PurchaseStoreError.self) { try await store.write { try await $0.insertOperator(duplicate) } }
            }
            try await store.read { tx throws in
                #expect(try await tx.operatorAccount(keyHash: "hash-a") == alice)
                #expect(try await tx.operatorAccount(keyHash: "hash-a")?.apps == ["a", "b"])
                #expect(try await tx.operatorAccount(name: "bob") == bob)
                #expect(try await tx.operatorAccount(name: "carol") == nil)
                #expect(try await tx.operatorAccounts().map(\.name) == ["alice", "bob"])
            }
            #expect(try await store.write { try await $0.disableOperator(name: "bob", at: StoreFixtures.at(5)) })
            #expect(try await !store.write { try await $0.disableOperator(name: "bob", at: StoreFixtures.at(6)) })
            #expect(try await !store.write { try await $0.disableOperator(name: "nobody", at: StoreFixtures.at(6)) })
            let disabled = try await store.read { try await $0.operatorAccount(keyHash: "hash-b") }
            #expect(disabled?.disabledAt == StoreFixtures.at(5))
            #expect(disabled?.may(.viewer, app: "a") == false)
        },
        StoreContractCase("admin actions: one record per app and key; the same key in another app is another record") { context throws in
            let store = context.store
            let first = AdminActionRecord(
                appId: "a", key: "k1", operatorName: "alice", kind: "grant", requestHash: "h1", response: Array(#"{"ok":true}"#.utf8),
                createdAt: StoreFixtures.at(1))
            var otherApp = first
            otherApp.appId = "b"
            try await store.write { tx throws in
                try await tx.insertAdminAction(first)
                try await tx.insertAdminAction(otherApp)
            }
            var again = first
            again.requestHash = "h2"
            await #expect(throws: PurchaseStoreError.self) { try await store.write { try await $0.insertAdminAction(again) } }
            try await store.read { tx throws in
                #expect(try await tx.adminAction(appId: "a", key: "k1") == first)
                #expect(try await tx.adminAction(appId: "b", key: "k1") == otherApp)
                #expect(try await tx.adminAction(appId: "a", key: "k2") == nil)
            }
        },
        StoreContractCase("audit by app: newest first, filtered by actor and kind, paged by cursor") { context throws in
            let store = context.store
            // Events of one instant come newest recorded first.
            func event(_ number: Int, _ kind: String, _ actor: AuditActor, app: String?, at offset: Int64) -> AuditEvent {
                AuditEvent(
                    id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(number)")!, customerId: nil, kind: kind, actor: actor,
                    appId: app, reason: "why", createdAt: StoreFixtures.at(offset))
            }
            let events = [
                event(1, "grant.created", .operator("alice"), app: "a", at: 1),
                event(2, "wallet.adjusted", .operator("alice_x"), app: "a", at: 2),
                event(3, "grant.created", .operator("bob"), app: "a", at: 2),
                event(4, "grant.created", .operator("alice"), app: "b", at: 3),
                event(5, "purchase.recorded", .apple, app: nil, at: 4),
                event(6, "order.corrected", .operator("alice"), app: "a", at: 5),
            ]
            try await store.write { tx throws in for event in events { try await tx.append(event) } }
            try await store.read { tx throws in
                let all = try await tx.auditEvents(appId: "a", actor: nil, kind: nil, before: nil, limit: 10)
                #expect(all == [events[5], events[2], events[1], events[0]])
                #expect(all.allSatisfy { $0.appId == "a" && $0.reason == "why" })
                let alices = try await tx.auditEvents(appId: "a", actor: .operator("alice"), kind: nil, before: nil, limit: 10)
                #expect(alices == [events[5], events[0]])
                let grants = try await tx.auditEvents(appId: "a", actor: nil, kind: "grant.created", before: nil, limit: 10)
                #expect(grants == [events[2], events[0]])
                // Paging: two pages of two, then nothing, in the order of the unpaged list.
                let first = try await tx.auditEvents(appId: "a", actor: nil, kind: nil, before: nil, limit: 2)
                let second = try await tx.auditEvents(
                    appId: "a", actor: nil, kind: nil, before: try #require(first.last).id, limit: 2)
                let third = try await tx.auditEvents(
                    appId: "a", actor: nil, kind: nil, before: try #require(second.last).id, limit: 2)
                let unknown = try await tx.auditEvents(appId: "a", actor: nil, kind: nil, before: UUID.random(), limit: 2)
                #expect(unknown.isEmpty)
                #expect(first + second == all)
                #expect(third.isEmpty)
            }
        },
    ]
}
