import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let concurrentTransactionCases: [StoreContractCase] = [
        StoreContractCase("transactions: 1,000 concurrent upserts of one transaction from 32 tasks") { context throws in
            let alice = StoreFixtures.customerID("alice")
            // 500 distinct signedDates, each sent twice, in a scrambled order spread over 32
            // tasks on both instances. `expiresDate` mirrors `signedDate` so each version is
            // recognizable in `previous`.
            let versions = (0..<1_000).map { index -> AppleTransaction in
                let signed = Int64((index * 7_919) % 500)
                var fact = StoreFixtures.transaction("race", product: "pro", type: .autoRenewableSubscription, signedAt: signed)
                fact.expiresDate = StoreFixtures.at(signed)
                return fact
            }
            let outcomes = try await withThrowingTaskGroup(of: [(Int64, TransactionUpsert)].self) { group in
                for task in 0..<32 {
                    let store = task.isMultiple(of: 2) ? context.store : context.otherInstance
                    let mine = stride(from: task, to: versions.count, by: 32).map { versions[$0] }
                    group.addTask {
                        var results: [(Int64, TransactionUpsert)] = []
                        for fact in mine {
                            let result = try await store.write { try await $0.upsertTransaction(fact, customerId: alice, orderId: nil) }
                            results.append((fact.signedDate.millisecondsSince1970 - StoreFixtures.t0.millisecondsSince1970, result))
                        }
                        return results
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(outcomes.count == 1_000)
            let inserted = outcomes.filter { $0.1 == .inserted }.map(\.0)
            var written = Set(inserted)
            var previousOnes: [Int64] = []
            for (signed, outcome) in outcomes {
                guard case .updated(let previous) = outcome else { continue }
                let previousSigned = previous.signedDate.millisecondsSince1970 - StoreFixtures.t0.millisecondsSince1970
                #expect(previousSigned < signed, "an update replaced a newer fact")
                #expect(previous.expiresDate == previous.signedDate, "previous is not a version that was written")
                #expect(written.insert(signed).inserted, "two writes stored the same signedDate")
                previousOnes.append(previousSigned)
            }
            #expect(inserted.count == 1)
            // Every update replaced exactly the version stored before it: a chain with no gaps.
            #expect(Set(previousOnes).count == previousOnes.count, "two updates claim to have replaced the same version")
            #expect(Set(previousOnes).isSubset(of: written))
            #expect(written.subtracting(previousOnes) == [499], "the chain must end at the newest version")

            let rows = try await context.store.read { try await $0.transactions(environment: .production, originalTransactionId: "race") }
            #expect(rows.count == 1)
            #expect(rows.first?.transaction.signedDate == StoreFixtures.at(499))
        }
    ]
}
