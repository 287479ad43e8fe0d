import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let coordinationCases: [StoreContractCase] = [
        StoreContractCase("watermarks and API keys") { context throws in
            let store = context.store
            #expect(try await store.read { try await $0.watermark("history") } == nil)
            try await store.write { try await $0.setWatermark("history", value: "token-1") }
            try await store.write { try await $0.setWatermark("history", value: "token-2") }
            #expect(try await store.read { try await $0.watermark("history") } == "token-2")

            let key = APIKeyRecord(
                name: "backend", hash: String(repeating: "ab", count: 32), scopes: ["wallet:write", "customers:read"],
                createdAt: StoreFixtures.t0)
            let revoked = APIKeyRecord(
                name: "old", hash: String(repeating: "cd", count: 32), scopes: [], createdAt: StoreFixtures.t0,
                revokedAt: StoreFixtures.at(5))
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
                try await store.write {
                    try await $0.acquireLease("reconcile", owner: owner, until: StoreFixtures.at(until), now: StoreFixtures.at(now))
                }
            }
            #expect(try await acquire("a", until: 100, now: 0))
            #expect(try await acquire("b", until: 150, now: 50) == false)
            #expect(try await acquire("a", until: 200, now: 60))
            #expect(try await acquire("b", until: 300, now: 199) == false)
            #expect(try await acquire("b", until: 300, now: 200))
            #expect(try await acquire("a", until: 400, now: 201) == false)
            #expect(
                try await store.write {
                    try await $0.acquireLease("other", owner: "a", until: StoreFixtures.at(400), now: StoreFixtures.at(201))
                })
        },
        StoreContractCase("leases: of 20 concurrent claimants exactly one wins") { context throws in
            let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    let store = index.isMultiple(of: 2) ? context.store : context.otherInstance
                    group.addTask {
                        try await store.write {
                            try await $0.acquireLease(
                                "sweeper", owner: "instance-\(index)", until: StoreFixtures.at(1_000), now: StoreFixtures.t0)
                        }
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(winners == 1)
        },
    ]
}
