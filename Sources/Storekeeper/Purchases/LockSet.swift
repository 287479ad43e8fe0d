/// Every lock one write of purchase facts needs, taken together before anything is decided.
///
/// The canonical order, the only one any writer takes locks in: **customers first, sorted by
/// ID; then purchases, sorted by environment and original transaction ID** (``PurchaseKey``);
/// **then Apple accounts** (``AppleAccountKey``), locked only by writes that may link a
/// customer to one.
/// A writer that holds a lock never waits for one earlier in that order, so no two writers can
/// wait on each other in a cycle. A writer that learns under its locks that it needs a lock it
/// does not hold (a purchase changed owner between the unlocked read and the locks) must not
/// take it then: it starts its transaction again with the larger set.
public struct LockSet: Hashable, Sendable {
    public var customers: Set<CustomerID>
    public var purchases: Set<PurchaseKey>
    public var appleAccounts: Set<AppleAccountKey>

    public init(customers: Set<CustomerID> = [], purchases: Set<PurchaseKey> = [], appleAccounts: Set<AppleAccountKey> = []) {
        self.customers = customers
        self.purchases = purchases
        self.appleAccounts = appleAccounts
    }

    /// The customers' locks in the canonical order.
    public var orderedCustomers: [CustomerID] { customers.sorted() }
    /// The purchases' locks in the canonical order (after every customer's).
    public var orderedPurchases: [PurchaseKey] { purchases.sorted() }
    /// The Apple accounts' locks in the canonical order (after every purchase's).
    public var orderedAppleAccounts: [AppleAccountKey] { appleAccounts.sorted() }

    /// Whether holding this set's locks covers everything `other` needs.
    public func covers(_ other: LockSet) -> Bool {
        customers.isSuperset(of: other.customers) && purchases.isSuperset(of: other.purchases)
            && appleAccounts.isSuperset(of: other.appleAccounts)
    }

    /// Whether this set holds `customer`'s lock.
    public func covers(customer: CustomerID) -> Bool { customers.contains(customer) }

    public func union(_ other: LockSet) -> LockSet {
        LockSet(
            customers: customers.union(other.customers), purchases: purchases.union(other.purchases),
            appleAccounts: appleAccounts.union(other.appleAccounts))
    }
}
