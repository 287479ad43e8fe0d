import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let outboxCases: [StoreContractCase] = [
        StoreContractCase("outbox: enqueue, update, counts; claims respect due time, status and leases") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let due1 = StoreFixtures.outbox(1, dueAt: 10, customer: alice)
            let due2 = StoreFixtures.outbox(2, dueAt: 20)
            let later = StoreFixtures.outbox(3, dueAt: 1_000)
            var delivered = StoreFixtures.outbox(4, dueAt: 0)
            delivered.status = .delivered
            delivered.deliveredAt = StoreFixtures.at(5)
            try await store.write { tx throws in
                for message in [due1, due2, later, delivered] { try await tx.enqueueOutbox(message) }
            }
            #expect(try await store.read { try await $0.outboxMessage(id: due1.id) } == due1)
            #expect(try await store.read { try await $0.outboxCount(status: .pending) } == 3)
            await #expect(throws: (any Error).self) { try await store.write { try await $0.enqueueOutbox(due1) } }

            let claimed = try await store.write {
                try await $0.claimOutbox(now: StoreFixtures.at(100), lease: 30_000, owner: "a", limit: 10)
            }
            #expect(claimed.map(\.id) == [due1.id, due2.id])
            #expect(claimed.allSatisfy { $0.leaseOwner == "a" && $0.leaseUntil == StoreFixtures.at(30_100) })
            // Leased: nobody else gets them until the lease ends.
            #expect(
                try await store.write { try await $0.claimOutbox(now: StoreFixtures.at(200), lease: 30_000, owner: "b", limit: 10) }.isEmpty
            )
            let limited = try await store.write {
                try await $0.claimOutbox(now: StoreFixtures.at(30_100), lease: 1_000, owner: "b", limit: 1)
            }
            #expect(limited.map(\.id) == [due1.id])
            #expect(limited.first?.leaseOwner == "b")

            let claimedByB = try #require(limited.first)
            // "a"'s lease ran out and "b" took the message over: "a"'s late outcome is refused.
            var late = claimedByB
            late.status = .failed
            late.attempts = 1
            late.lastError = "late"
            late.leaseOwner = nil
            late.leaseUntil = nil
            #expect(
                try await store.write { try await $0.updateOutbox(late, claimedBy: "a", leaseUntil: StoreFixtures.at(30_100)) } == false)
            #expect(try await store.read { try await $0.outboxMessage(id: due1.id) } == claimedByB)

            var sent = claimedByB
            sent.status = .delivered
            sent.deliveredAt = StoreFixtures.at(30_200)
            sent.attempts = 1
            sent.leaseOwner = nil
            sent.leaseUntil = nil
            #expect(try await store.write { try await $0.updateOutbox(sent, claimedBy: "b", leaseUntil: StoreFixtures.at(31_100)) })
            #expect(try await store.read { try await $0.outboxMessage(id: sent.id) } == sent)
            // Recorded once: the same claim does not apply twice.
            #expect(
                try await store.write { try await $0.updateOutbox(sent, claimedBy: "b", leaseUntil: StoreFixtures.at(31_100)) } == false)
            // Much later: the remaining due messages, never a delivered one.
            let rest = try await store.write {
                try await $0.claimOutbox(now: StoreFixtures.at(100_000), lease: 1_000, owner: "c", limit: 10)
            }
            #expect(rest.map(\.id) == [due2.id, later.id])
            try await store.read { tx throws in
                #expect(try await tx.outboxCount(status: .delivered) == 2)
                #expect(try await tx.outboxCount(status: .pending) == 2)
                #expect(try await tx.outboxCount(status: .failed) == 0)
                #expect(try await tx.outboxMessage(id: UUID.random()) == nil)
            }
            #expect(
                try await store.write {
                    try await $0.updateOutbox(StoreFixtures.outbox(9), claimedBy: "a", leaseUntil: StoreFixtures.at(1))
                } == false)
        },
        StoreContractCase("outbox: a holder renews its live claim; a lost, taken-over or recorded claim is not renewed") {
            context throws in
            let store = context.store
            // Each write is bound before it is checked: a write inside `#expect` may run again.
            func renew(_ id: UUID, _ owner: String, from: Int64, to: Int64) async throws -> Bool {
                try await store.write {
                    try await $0.renewOutboxLease(
                        id: id, owner: owner, leaseUntil: StoreFixtures.at(from), newLeaseUntil: StoreFixtures.at(to))
                }
            }
            func claim(at now: Int64, _ owner: String) async throws -> [OutboxMessage] {
                try await store.write { try await $0.claimOutbox(now: StoreFixtures.at(now), lease: 10_000, owner: owner, limit: 1) }
            }
            let message = StoreFixtures.outbox(1, dueAt: 0)
            try await store.write { try await $0.enqueueOutbox(message) }
            let claimed = try #require(try await claim(at: 100, "a").first)
            // Renewed before it ran out: nobody can take it over at the old lease's end.
            let renewed = try await renew(message.id, "a", from: 10_100, to: 17_000)
            #expect(renewed)
            let early = try await claim(at: 10_100, "b")
            #expect(early.isEmpty)
            // Only the holder, and only from the lease it last set.
            let byOther = try await renew(message.id, "b", from: 17_000, to: 90_000)
            let fromStale = try await renew(message.id, "a", from: 10_100, to: 90_000)
            #expect(!byOther && !fromStale)
            #expect(try await store.read { try await $0.outboxMessage(id: message.id) }?.leaseUntil == StoreFixtures.at(17_000))
            // The outcome is recorded against the renewed lease; a recorded message is not renewed.
            var sent = claimed
            sent.status = .delivered
            sent.deliveredAt = StoreFixtures.at(16_000)
            sent.attempts = 1
            sent.leaseOwner = nil
            sent.leaseUntil = nil
            let recorded = try await store.write { try await $0.updateOutbox(sent, claimedBy: "a", leaseUntil: StoreFixtures.at(17_000)) }
            #expect(recorded)
            let afterRecording = try await renew(message.id, "a", from: 17_000, to: 24_000)
            #expect(!afterRecording)

            // A holder that stopped renewing (it crashed) loses the message when its lease ends;
            // its late renewal is then refused.
            let second = StoreFixtures.outbox(2, dueAt: 0)
            try await store.write { try await $0.enqueueOutbox(second) }
            let crashedClaim = try await claim(at: 200, "a")
            #expect(crashedClaim.map(\.id) == [second.id])
            let takenOver = try await claim(at: 10_200, "b")
            #expect(takenOver.map(\.id) == [second.id])
            let late = try await renew(second.id, "a", from: 10_200, to: 20_000)
            #expect(!late)
            #expect(try await store.read { try await $0.outboxMessage(id: second.id) }?.leaseOwner == "b")
        },
        StoreContractCase("outbox: a claim limited to destinations leaves the others for instances that know them") {
            context throws in
            let store = context.store
            var known = StoreFixtures.outbox(1, dueAt: 20)
            known.destination = "webhook:known"
            var unknown = StoreFixtures.outbox(2, dueAt: 10)
            unknown.destination = "webhook:added-elsewhere"
            var apple = StoreFixtures.outbox(3, dueAt: 30)
            apple.destination = "apple:consumption:app"
            try await store.write { tx throws in
                for message in [known, unknown, apple] { try await tx.enqueueOutbox(message) }
            }
            let none = try await store.write {
                try await $0.claimOutbox(now: StoreFixtures.at(100), lease: 1_000, owner: "a", limit: 10, destinations: [])
            }
            #expect(none.isEmpty)
            let mine = try await store.write {
                try await $0.claimOutbox(
                    now: StoreFixtures.at(100), lease: 1_000, owner: "a", limit: 10,
                    destinations: ["webhook:known", "apple:consumption:app", "webhook:known"])
            }
            #expect(mine.map(\.id) == [known.id, apple.id])
            let other = try await store.write {
                try await $0.claimOutbox(now: StoreFixtures.at(100), lease: 1_000, owner: "b", limit: 10)
            }
            #expect(other.map(\.id) == [unknown.id])
        },
        StoreContractCase("outbox: two instances claiming in parallel never get the same message") { context throws in
            let messages = (0..<300).map { StoreFixtures.outbox($0, dueAt: Int64($0 % 7)) }
            try await context.store.write { tx throws in
                for message in messages { try await tx.enqueueOutbox(message) }
            }
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for (index, store) in [context.store, context.otherInstance, context.store, context.otherInstance].enumerated() {
                    group.addTask {
                        var mine: [UUID] = []
                        while true {
                            let batch = try await store.write {
                                try await $0.claimOutbox(now: StoreFixtures.at(10), lease: 60_000, owner: "claimer-\(index)", limit: 7)
                            }
                            if batch.isEmpty { return mine }
                            #expect(batch.allSatisfy { $0.leaseOwner == "claimer-\(index)" })
                            mine += batch.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let all = claims.flatMap { $0 }
            #expect(all.count == messages.count, "a message was claimed twice or not at all")
            #expect(Set(all) == Set(messages.map(\.id)))
        },
    ]
}
