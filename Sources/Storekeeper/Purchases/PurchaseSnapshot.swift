public import Foundation

/// Who a write of purchase facts involves, as read from the store: first without locks (to know
/// which locks to take), then again under them (to decide).
public struct PurchaseSnapshot: Hashable, Sendable {
    /// The customer presenting the facts (a submission or a restore); `nil` for Apple's own facts
    /// (notifications, history sweeps, status refreshes), which go to the purchase's owner.
    public var presenter: CustomerID?
    /// The customer Apple's facts go to when no purchase is owned yet (the owner, else the
    /// order's customer, else the unclaimed placeholder); `nil` for a presentation.
    public var recipient: CustomerID?
    /// The purchases the facts are about (transactions and renewal infos).
    public var purchases: Set<PurchaseKey>
    /// The current owner of each of `purchases` that has one.
    public var owners: [PurchaseKey: CustomerID]
    /// By `appAccountToken`: the other customer (not the presenter) whose order the token names,
    /// following a merged customer to the one it was merged into.
    public var orderCustomers: [UUID: CustomerID]
    /// The Apple accounts a customer may join by these facts (``AppleAccountSharing``).
    public var appleAccounts: Set<AppleAccountKey>

    public init(
        presenter: CustomerID? = nil, recipient: CustomerID? = nil, purchases: Set<PurchaseKey>,
        owners: [PurchaseKey: CustomerID] = [:], orderCustomers: [UUID: CustomerID] = [:],
        appleAccounts: Set<AppleAccountKey> = []
    ) {
        self.presenter = presenter
        self.recipient = recipient
        self.purchases = purchases
        self.owners = owners
        self.orderCustomers = orderCustomers
        self.appleAccounts = appleAccounts
    }

    /// The Apple accounts of `transactions` that a customer may join by them: each one a
    /// transaction of a purchase that `gainer` does not own already (a presenter, or the app
    /// customer Apple's facts go to). A purchase the customer owns was linked when it became
    /// theirs, so a renewal or a replay locks and reads nothing more.
    public static func joinableAppleAccounts(
        of transactions: [AppleTransaction], gainer: CustomerID, owners: [PurchaseKey: CustomerID]
    ) -> Set<AppleAccountKey> {
        guard !PurchaseDecision.isPlaceholder(gainer) else { return [] }
        return Set(transactions.lazy.filter { owners[PurchaseKey($0)] != gainer }.compactMap(AppleAccountKey.init))
    }

    /// The locks a write of these facts needs: the presenter (or recipient), the customers whose
    /// orders the tokens name, every current owner; then every purchase.
    public var locks: LockSet {
        var customers = Set(owners.values).union(orderCustomers.values)
        if let presenter { customers.insert(presenter) }
        if let recipient { customers.insert(recipient) }
        return LockSet(customers: customers, purchases: purchases, appleAccounts: appleAccounts)
    }
}
