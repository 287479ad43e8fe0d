import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let appleAccountCases: [StoreContractCase] = [
        StoreContractCase("an Apple account links each customer once, in the order seen; a merge moves the links") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            let guest = StoreFixtures.customerID("guest:device-1")
            let shared = AppleAccountKey(environment: .production, appTransactionId: "700001")
            let sandbox = AppleAccountKey(environment: .sandbox, appTransactionId: "700001")
            let other = AppleAccountKey(environment: .production, appTransactionId: "700002")
            try await store.write { tx throws in
                try await tx.lock(appleAccount: shared)
                try await tx.linkAppleAccount(shared, customerId: bob, at: StoreFixtures.at(1))
                try await tx.linkAppleAccount(shared, customerId: alice, at: StoreFixtures.at(2))
                // Linked again later: the first link stands.
                try await tx.linkAppleAccount(shared, customerId: bob, at: StoreFixtures.at(3))
                try await tx.linkAppleAccount(sandbox, customerId: alice, at: StoreFixtures.at(1))
                try await tx.linkAppleAccount(other, customerId: guest, at: StoreFixtures.at(4))
                try await tx.linkAppleAccount(shared, customerId: guest, at: StoreFixtures.at(5))
            }
            try await store.read { reader throws in
                #expect(try await reader.appleAccountCustomers(shared) == [bob, alice, guest])
                #expect(try await reader.appleAccountCustomers(sandbox) == [alice], "an environment is an account of its own")
                #expect(try await reader.appleAccountCustomers(AppleAccountKey(environment: .production, appTransactionId: "7")) == [])
                #expect(try await reader.appleAccounts(customerId: alice) == [sandbox, shared])
                #expect(try await reader.appleAccounts(customerId: guest) == [other, shared])
            }
            // The guest logs in as Alice: its links become hers, hers stay as they were.
            try await store.write { tx throws in try await tx.reassignAppleAccounts(from: guest, to: alice) }
            try await store.read { reader throws in
                #expect(try await reader.appleAccountCustomers(shared) == [bob, alice])
                #expect(try await reader.appleAccountCustomers(other) == [alice])
                #expect(try await reader.appleAccounts(customerId: guest) == [])
                #expect(try await reader.appleAccounts(customerId: alice) == [sandbox, shared, other])
            }
        }
    ]
}
