import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let concurrentLedgerCases: [StoreContractCase] = [
        StoreContractCase("ledger: 200 concurrent guarded spends of 1 on a balance of 100") { context throws in
            let alice = StoreFixtures.customerID("alice")
            #expect(
                try await context.store.book(try StoreFixtures.credit(alice, 100, key: "c1"), requireNonNegative: false)
                    == .posted(balance: 100))
            // No customer lock: the conditional decrement alone must hold the line.
            let results = try await withThrowingTaskGroup(of: PostingResult.self) { group in
                for index in 0..<200 {
                    let store = index.isMultiple(of: 2) ? context.store : context.otherInstance
                    group.addTask {
                        let spend = try StoreFixtures.spend(alice, 1, key: "spend-\(index)")
                        return try await store.book(spend, requireNonNegative: true)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            var balancesAfter: [Int64] = []
            var refused = 0
            for result in results {
                switch result {
                case .posted(let balance): balancesAfter.append(balance)
                case .insufficientFunds(let balance):
                    refused += 1
                    #expect(balance == 0)
                case .duplicate: Issue.record("distinct keys reported as duplicates")
                }
            }
            #expect(balancesAfter.count == 100)
            #expect(refused == 100)
            // Each success saw its own balance: 99, 98, ..., 0.
            #expect(balancesAfter.sorted() == Array(0...99))
            try await context.store.read { tx throws in
                #expect(try await tx.balance(.customer(alice, "gems")) == 0)
                #expect(try await tx.balance(.spent("gems")) == 100)
                #expect(try await tx.journal(customerId: alice, limit: 1_000).count == 101)
            }
        },
        StoreContractCase("ledger: concurrent replays of one key book it once") { context throws in
            let alice = StoreFixtures.customerID("alice")
            let credit = try StoreFixtures.credit(alice, 10, key: "credit:Production:t1:gems")
            let results = try await withThrowingTaskGroup(of: PostingResult.self) { group in
                for index in 0..<50 {
                    let store = index.isMultiple(of: 2) ? context.store : context.otherInstance
                    group.addTask { try await store.book(credit, requireNonNegative: true) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { $0 == .posted(balance: 10) }.count == 1)
            #expect(results.filter { $0 == .duplicate }.count == 49)
            #expect(try await context.store.read { try await $0.balance(.customer(alice, "gems")) } == 10)
        },
        StoreContractCase("ledger: concurrent entries of many customers share the issued and spent accounts") { context throws in
            let customers = (0..<40).map { StoreFixtures.customerID("customer-\($0)") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, customer) in customers.enumerated() {
                    let store = index.isMultiple(of: 2) ? context.store : context.otherInstance
                    group.addTask {
                        for round in 0..<5 {
                            _ = try await store.book(
                                try StoreFixtures.credit(customer, 10, key: "c-\(customer)-\(round)"), requireNonNegative: false)
                            let spent = try await store.book(
                                try StoreFixtures.spend(customer, 3, key: "s-\(round)"), requireNonNegative: true)
                            #expect(spent == .posted(balance: Int64(7 * (round + 1))))
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await context.store.read { tx throws in
                #expect(try await tx.balance(.issued("gems")) == -(40 * 5 * 10))
                #expect(try await tx.balance(.spent("gems")) == 40 * 5 * 3)
                for customer in customers {
                    #expect(try await tx.balances(customerId: customer) == ["gems": 35])
                }
            }
        },
    ]
}
