import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The locks a write of purchase facts takes, and their one order.
@Suite struct LockSetTests {
    static let alice = CustomerID(rawValue: "alice")!
    static let bob = CustomerID(rawValue: "bob")!
    static let carol = CustomerID(rawValue: "carol")!

    static func key(_ environment: AppStoreEnvironment, _ id: String) -> PurchaseKey {
        PurchaseKey(environment: environment, originalTransactionId: id)
    }

    @Test func aPresentationLocksThePresenterTheOrdersCustomersAndEveryOwner() {
        let snapshot = PurchaseSnapshot(
            presenter: Self.carol, purchases: [Self.key(.sandbox, "b"), Self.key(.production, "z"), Self.key(.sandbox, "a")],
            owners: [Self.key(.sandbox, "b"): Self.bob, Self.key(.sandbox, "a"): Self.carol],
            orderCustomers: [UUID(): Self.alice])
        let locks = snapshot.locks
        // Customers first, sorted; then purchases by environment, then original transaction ID.
        #expect(locks.orderedCustomers == [Self.alice, Self.bob, Self.carol])
        #expect(locks.orderedPurchases == [Self.key(.production, "z"), Self.key(.sandbox, "a"), Self.key(.sandbox, "b")])
    }

    @Test func applesFactsLockTheirRecipientAndTheOwnersOfTheBatch() {
        let snapshot = PurchaseSnapshot(
            recipient: Self.bob, purchases: [Self.key(.sandbox, "a"), Self.key(.sandbox, "b")],
            owners: [Self.key(.sandbox, "b"): Self.alice])
        #expect(snapshot.locks.orderedCustomers == [Self.alice, Self.bob])
        #expect(snapshot.locks.orderedPurchases.count == 2)
    }

    /// Two customers presenting one purchase: the one who does not own it locks the owner too,
    /// and both lock the customers before the purchase, in ascending order, so neither holds a
    /// lock the other needs while waiting for one the other holds.
    @Test(arguments: [alice, bob])
    func twoPresentersOfOnePurchaseLockInOneOrder(_ owner: CustomerID) {
        let purchase = Self.key(.sandbox, "o-1")
        let byAlice = PurchaseSnapshot(presenter: Self.alice, purchases: [purchase], owners: [purchase: owner]).locks
        let byBob = PurchaseSnapshot(presenter: Self.bob, purchases: [purchase], owners: [purchase: owner]).locks
        #expect(byAlice.orderedCustomers == (owner == Self.alice ? [Self.alice] : [Self.alice, Self.bob]))
        #expect(byBob.orderedCustomers == (owner == Self.bob ? [Self.bob] : [Self.alice, Self.bob]))
        #expect(byAlice.orderedPurchases == [purchase])
        #expect(byBob.orderedPurchases == [purchase])
    }

    @Test func aSetCoversWhatItHolds() {
        let purchase = Self.key(.sandbox, "o-1")
        let held = LockSet(customers: [Self.alice, Self.bob], purchases: [purchase])
        #expect(held.covers(customer: Self.alice))
        #expect(!held.covers(customer: Self.carol))
        #expect(held.covers(LockSet(customers: [Self.bob], purchases: [purchase])))
        #expect(!held.covers(LockSet(customers: [Self.carol], purchases: [purchase])))
        #expect(!held.covers(LockSet(customers: [Self.bob], purchases: [Self.key(.production, "o-1")])))
        let grown = held.union(LockSet(customers: [Self.carol]))
        #expect(grown.covers(held) && grown.covers(customer: Self.carol))
    }

    /// A batch presenting one purchase twice (a duplicate fact) locks it once.
    @Test func duplicateFactsLockTheirPurchaseOnce() {
        let transaction = AppleTransaction(
            environment: .sandbox, transactionId: "t-1", originalTransactionId: "o-1", productId: "gems",
            purchaseDate: Timestamp(millisecondsSince1970: 1), signedDate: Timestamp(millisecondsSince1970: 1),
            source: .storeKit2)
        let snapshot = PurchaseSnapshot(presenter: Self.alice, purchases: Set([transaction, transaction].map(PurchaseKey.init)))
        #expect(snapshot.locks.orderedPurchases == [Self.key(.sandbox, "o-1")])
        #expect(snapshot.locks.orderedCustomers == [Self.alice])
    }
}
