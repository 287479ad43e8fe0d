import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let ledgerCases: [StoreContractCase] = [
        StoreContractCase("ledger: a credit books once per key; the replay changes nothing") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let credit = try StoreFixtures.credit(alice, 100, key: "credit:Production:t1:gems")
            #expect(try await store.book(credit, requireNonNegative: false) == .posted(balance: 100))
            #expect(try await store.book(credit, requireNonNegative: false) == .duplicate)
            #expect(try await store.book(credit, requireNonNegative: true) == .duplicate)
            try await store.read { tx throws in
                #expect(try await tx.balance(.customer(alice, "gems")) == 100)
                #expect(try await tx.balance(.issued("gems")) == -100)
                #expect(try await tx.balances(customerId: alice) == ["gems": 100])
                #expect(try await tx.journalEntry(key: credit.key) == credit)
                #expect(try await tx.journal(customerId: alice, limit: 10) == [credit])
                #expect(try await tx.journalEntry(key: "missing") == nil)
            }
            // Same key, different content: still the first booking only.
            let altered = try StoreFixtures.credit(alice, 999, key: credit.key)
            #expect(try await store.book(altered, requireNonNegative: false) == .duplicate)
            #expect(try await store.read { try await $0.balance(.customer(alice, "gems")) } == 100)
        },
        StoreContractCase("ledger: a refused spend books nothing and its key stays free") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let spend = try StoreFixtures.spend(alice, 30, key: "order-1")
            // No account yet: balance 0.
            #expect(try await store.book(spend, requireNonNegative: true) == .insufficientFunds(balance: 0))
            _ = try await store.book(try StoreFixtures.credit(alice, 20, key: "c1"), requireNonNegative: false)
            #expect(try await store.book(spend, requireNonNegative: true) == .insufficientFunds(balance: 20))
            try await store.read { tx throws in
                #expect(try await tx.journalEntry(key: spend.key) == nil)
                #expect(try await tx.balance(.customer(alice, "gems")) == 20)
                #expect(try await tx.balance(.spent("gems")) == 0)
            }
            _ = try await store.book(try StoreFixtures.credit(alice, 20, key: "c2"), requireNonNegative: false)
            #expect(try await store.book(spend, requireNonNegative: true) == .posted(balance: 10))
            #expect(try await store.book(spend, requireNonNegative: true) == .duplicate)
            #expect(try await store.read { try await $0.balance(.spent("gems")) } == 30)
        },
        StoreContractCase("ledger: a clamped clawback books the shortfall to loss; a restore reverses it") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let purchase = StoreFixtures.transaction("t1")
            let credit = try Wallet.credit(alice, currency: "gems", amount: 100, transaction: purchase, at: StoreFixtures.t0)
            #expect(try await store.book(credit, requireNonNegative: false) == .posted(balance: 100))
            #expect(try await store.book(try StoreFixtures.spend(alice, 70, key: "s1"), requireNonNegative: true) == .posted(balance: 30))

            let balance = try await store.read { try await $0.balance(.customer(alice, "gems")) }
            let clawback = try Wallet.clawback(
                alice, currency: "gems", amount: 100, balance: balance, policy: .clamp, transaction: purchase, at: StoreFixtures.at(5))
            #expect(try await store.book(clawback, requireNonNegative: true) == .posted(balance: 0))
            #expect(try await store.book(clawback, requireNonNegative: true) == .duplicate)
            try await store.read { tx throws in
                #expect(try await tx.balance(.customer(alice, "gems")) == 0)
                #expect(try await tx.balance(.loss("gems")) == -70)
                #expect(try await tx.balance(.issued("gems")) == 0)
                #expect(try await tx.balance(.spent("gems")) == 70)
            }
            let restore = try Wallet.restore(clawback: clawback, at: StoreFixtures.at(6))
            #expect(try await store.book(restore, requireNonNegative: true) == .posted(balance: 30))
            try await store.read { tx throws in
                #expect(try await tx.balance(.loss("gems")) == 0)
                #expect(try await tx.balance(.issued("gems")) == -100)
                #expect(try await tx.journal(customerId: alice, limit: 2).map(\.key) == [restore.key, clawback.key])
            }
        },
        StoreContractCase("ledger: without the guard a balance may go negative; guarded spends then fail") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            _ = try await store.book(try StoreFixtures.credit(alice, 10, key: "c1"), requireNonNegative: false)
            let debt = try JournalEntry(
                key: "clawback:Production:t1:gems", kind: .clawback, customerId: alice, currency: "gems",
                postings: [.init(.issued("gems"), 25), .init(.customer(alice, "gems"), -25)], createdAt: StoreFixtures.t0)
            #expect(try await store.book(debt, requireNonNegative: false) == .posted(balance: -15))
            #expect(
                try await store.book(try StoreFixtures.spend(alice, 1, key: "s1"), requireNonNegative: true)
                    == .insufficientFunds(balance: -15))
            _ = try await store.book(try StoreFixtures.credit(alice, 16, key: "c2"), requireNonNegative: false)
            #expect(try await store.book(try StoreFixtures.spend(alice, 1, key: "s1"), requireNonNegative: true) == .posted(balance: 0))
        },
        StoreContractCase("ledger: currencies, merges and the customer journal") { context throws in
            let store = context.store
            let guest = StoreFixtures.customerID("guest:device-1")
            let account = StoreFixtures.customerID("account-7")
            let credits = [
                try StoreFixtures.credit(guest, 40, key: "g1"), try StoreFixtures.credit(guest, 3, key: "g2", currency: "keys"),
                try StoreFixtures.credit(account, 5, key: "a1"),
            ]
            try await store.write { tx throws in
                for credit in credits { _ = try await tx.post(credit, requireNonNegative: false) }
            }
            #expect(try await store.read { try await $0.balances(customerId: guest) } == ["gems": 40, "keys": 3])
            // Moving more than the guest holds is refused with the guest's balance.
            let overdrawn = try #require(
                try Wallet.merge(from: guest, into: account, currency: "gems", balance: 50, at: StoreFixtures.at(8)))
            #expect(try await store.book(overdrawn, requireNonNegative: true) == .insufficientFunds(balance: 40))
            let merge = try #require(try Wallet.merge(from: guest, into: account, currency: "gems", balance: 40, at: StoreFixtures.at(9)))
            #expect(try await store.book(merge, requireNonNegative: true) == .posted(balance: 45))
            try await store.read { tx throws in
                #expect(try await tx.balances(customerId: guest) == ["gems": 0, "keys": 3])
                #expect(try await tx.balances(customerId: account) == ["gems": 45])
                #expect(try await tx.balances(customerId: StoreFixtures.customerID("stranger")).isEmpty)
                // The merge shows in both customers' journals, newest first.
                #expect(try await tx.journal(customerId: account, limit: 10).map(\.key) == [merge.key, "a1"])
                #expect(try await tx.journal(customerId: guest, limit: 10).first == merge)
                #expect(try await tx.journal(customerId: guest, limit: 10).count == 3)
                #expect(try await tx.journal(customerId: guest, limit: 1).count == 1)
            }
            // Merging again is a replay.
            #expect(try await store.book(merge, requireNonNegative: true) == .duplicate)
        },
        StoreContractCase("ledger: an entry that does not balance is refused, even when decoded") { context throws in
            let store = context.store
            let json = """
                {"key":"forged","kind":"credit","customerId":"alice","currency":"gems","createdAt":1,
                 "postings":[{"account":{"kind":"customer","customerId":"alice","currency":"gems"},"amount":100},
                             {"account":{"kind":"issued","currency":"gems"},"amount":-1}]}
                """
            let forged = try JSONDecoder().decode(JournalEntry.self, from: Data(json.utf8))
            await #expect(throws: (any Error).self) {
                try await store.book(forged, requireNonNegative: false)
            }
            #expect(try await store.read { try await $0.journalEntry(key: "forged") } == nil)
            #expect(try await store.read { try await $0.balance(.customer(StoreFixtures.customerID("alice"), "gems")) } == 0)
        },
    ]
}
