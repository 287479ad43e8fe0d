public import AppStoreModels

/// An Apple account as the App Store names it to one app: the app transaction identifier
/// (one per Apple account and app, in every transaction since iOS 16), per environment.
/// Ordered like ``PurchaseKey``: the order its lock is taken in, after every purchase's.
public struct AppleAccountKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var environment: AppStoreEnvironment
    public var appTransactionId: String

    public init(environment: AppStoreEnvironment, appTransactionId: String) {
        self.environment = environment
        self.appTransactionId = appTransactionId
    }

    /// The Apple account `transaction` was made with, when Apple names it.
    public init?(_ transaction: AppleTransaction) {
        guard let appTransactionId = transaction.appTransactionId, !appTransactionId.isEmpty else { return nil }
        self.init(environment: transaction.environment, appTransactionId: appTransactionId)
    }

    public static func < (lhs: AppleAccountKey, rhs: AppleAccountKey) -> Bool {
        (lhs.environment.rawValue, lhs.appTransactionId) < (rhs.environment.rawValue, rhs.appTransactionId)
    }

    /// `environment:appTransactionId`, the subject audit events name an Apple account by.
    public var description: String { "\(environment.rawValue):\(appTransactionId)" }
}

/// One Apple account behind several app accounts: every app customer that presented or was
/// given a purchase made with an Apple account is linked to it once, and when a second customer
/// joins, each customer already linked and the newcomer are told of the other in their trails
/// (`appleAccount.shared`). Which customer owns each purchase stays the transfer policy's
/// decision (``PurchaseDecision/ownership(presentedBy:owner:orderCustomer:kind:policy:)``); this
/// records the fact that the policy's cases rest on, even for purchases that never conflict
/// (each customer buying their own).
public enum AppleAccountSharing {
    /// The audit event kind that links customers sharing one Apple account.
    public static let sharedKind = "appleAccount.shared"

    /// What linking `customer` to `account` does, given the customers linked to it already
    /// (`linked`, as loaded under the account's lock): nothing for an unclaimed placeholder or
    /// a customer linked already; otherwise the link, and the customers it is shared with.
    public static func link(
        _ customer: CustomerID, to account: AppleAccountKey, linked: [CustomerID]
    ) -> AppleAccountLink? {
        guard !PurchaseDecision.isPlaceholder(customer), !linked.contains(customer) else { return nil }
        let others = linked.filter { !PurchaseDecision.isPlaceholder($0) }.sorted()
        return AppleAccountLink(account: account, customer: customer, sharedWith: others)
    }

    /// The trail of `link`: on the newcomer, the customers it now shares the account with; on
    /// each of them, the newcomer. Nothing when the newcomer is the account's first customer.
    /// Each event names only the others, not who came second: the same facts leave the same
    /// trails whatever order they arrive in.
    public static func audit(
        of link: AppleAccountLink, purchase: PurchaseKey, actor: AuditActor, fact: String, now: Timestamp
    ) -> [AuditEvent] {
        guard !link.sharedWith.isEmpty else { return [] }
        func event(_ customer: CustomerID, sharedWith: [CustomerID]) -> AuditEvent {
            AuditEvent(
                customerId: customer, kind: sharedKind, actor: actor, subject: "appleAccount:\(link.account)", fact: fact,
                details: [
                    "appleAccount": link.account.appTransactionId, "environment": link.account.environment.rawValue,
                    "sharedWith": sharedWith.map(\.rawValue).joined(separator: ","), "purchase": purchase.description,
                ],
                createdAt: now)
        }
        return [event(link.customer, sharedWith: link.sharedWith)]
            + link.sharedWith.map { event($0, sharedWith: [link.customer]) }
    }
}

/// A customer newly linked to an Apple account, and the customers linked to it before.
public struct AppleAccountLink: Hashable, Sendable {
    public var account: AppleAccountKey
    public var customer: CustomerID
    public var sharedWith: [CustomerID]

    public init(account: AppleAccountKey, customer: CustomerID, sharedWith: [CustomerID]) {
        self.account = account
        self.customer = customer
        self.sharedWith = sharedWith
    }
}
