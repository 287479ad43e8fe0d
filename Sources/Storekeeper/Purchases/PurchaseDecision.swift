public import AppStoreModels

/// The pure decisions of applying purchase facts: who owns a purchase, what the support trail
/// says about it, and which locks the write needs. No IO: the server's applier loads a
/// ``PurchaseSnapshot``, takes its ``LockSet``, asks these functions, and commits what they say
/// (the ledger's part is ``PurchaseLedger``).
///
/// A purchase's `appAccountToken` naming a customer's order is evidence that the purchase is
/// that customer's, whoever presents it and whatever arrives first: Apple's facts go to the
/// order's customer (``recipient(owner:orderCustomer:placeholder:)``), and so does a
/// presentation by anyone else (``forOrderCustomer(_:owner:)``), before the presenter gets what
/// the transfer policy says (``ownership(presentedBy:owner:orderCustomer:kind:policy:)``).
public enum PurchaseDecision {
    /// Prefix of customers that hold purchases nobody has claimed yet (a notification arrived
    /// before the app presented the purchase).
    public static let unclaimedPrefix = "unclaimed:"

    /// The placeholder that holds `purchase` until a customer of `space` claims it; `nil` when its
    /// identifiers make no usable customer ID.
    public static func placeholder(for purchase: PurchaseKey, in space: CustomerSpace) -> CustomerID? {
        CustomerID("\(unclaimedPrefix)\(purchase.environment.rawValue):\(purchase.originalTransactionId)", in: space)
    }

    /// Whether `customer` is an unclaimed placeholder rather than an app customer.
    public static func isPlaceholder(_ customer: CustomerID) -> Bool {
        customer.rawValue.hasPrefix(unclaimedPrefix)
    }

    /// Who Apple's facts about a purchase go to: its owner, else the customer of the order its
    /// token names, else the placeholder.
    public static func recipient(owner: CustomerID?, orderCustomer: CustomerID?, placeholder: CustomerID?) -> CustomerID? {
        owner ?? orderCustomer ?? placeholder
    }

    /// What a presentation does first for `orderCustomer`, whose order the token names, given
    /// the purchase's `owner` under the locks (the order's customer when it had none).
    public static func forOrderCustomer(_ orderCustomer: CustomerID, owner: CustomerID) -> OrderCustomerDecision {
        if isPlaceholder(owner) { return .claimFromPlaceholder(owner) }
        return owner == orderCustomer ? .record : .leave
    }

    /// Who owns a purchase `presenter` presents, given its `owner` under the locks (the
    /// presenter when it had none). `orderCustomer` is the other customer whose order the
    /// token names, if any (recorded in the support trail); `kind` the product's kind.
    public static func ownership(
        presentedBy presenter: CustomerID, owner: CustomerID, orderCustomer: CustomerID?, kind: ProductKind?,
        policy: TransferPolicy
    ) -> OwnershipDecision {
        if owner == presenter { return .presenterOwns }
        if isPlaceholder(owner) { return .claimFromPlaceholder(owner) }
        if kind == .consumable { return .consumableUsedUp(owner: owner) }
        switch policy {
        case .transfer: return .transfer(from: owner)
        case .keep: return .keep(owner: owner)
        case .refuse: return .refuse(owner: owner)
        }
    }

    /// The support trail of an ownership decision about `purchase`, in the order it is written.
    /// Empty for ``OwnershipDecision/presenterOwns``; the placeholder claim's event comes from
    /// ``claimAudit(of:from:by:actor:fact:now:)`` once the claim is booked.
    public static func audit(
        of decision: OwnershipDecision, purchase: PurchaseKey, productId: String, presentedBy presenter: CustomerID,
        orderCustomer: CustomerID?, appTransactionId: String? = nil, actor: AuditActor, fact: String, now: Timestamp
    ) -> [AuditEvent] {
        let subject = purchase.description
        // Whether the token named the owner's order is part of the presenter's attempt, and the
        // Apple account (its app transaction identifier) that both customers are signed in with.
        func attempt(_ owner: CustomerID, _ details: [String: String]) -> [String: String] {
            var details = details
            if orderCustomer == owner { details["appAccountToken"] = "ownersOrder" }
            if let appTransactionId { details["appleAccount"] = appTransactionId }
            return details
        }
        func event(_ customer: CustomerID, _ kind: String, _ details: [String: String]) -> AuditEvent {
            AuditEvent(
                customerId: customer, kind: kind, actor: actor, subject: subject, fact: fact, details: details, createdAt: now)
        }
        switch decision {
        case .presenterOwns, .claimFromPlaceholder:
            return []
        case .consumableUsedUp(let owner):
            return [
                event(
                    presenter, "purchase.presentedByOtherCustomer",
                    attempt(owner, ["owner": owner.rawValue, "productId": productId]))
            ]
        case .transfer(let owner):
            return [(owner, presenter), (presenter, owner)].map { customer, other in
                event(
                    customer, "ownership.transferred",
                    attempt(owner, ["from": owner.rawValue, "to": presenter.rawValue, "counterpart": other.rawValue]))
            }
        case .keep(let owner):
            return [event(presenter, "ownership.kept", attempt(owner, ["owner": owner.rawValue]))]
        case .refuse(let owner):
            return [event(presenter, "ownership.refused", attempt(owner, ["owner": owner.rawValue]))]
        }
    }

    /// The support trail of `customer` claiming `purchase` from its placeholder.
    public static func claimAudit(
        of purchase: PurchaseKey, from placeholder: CustomerID, by customer: CustomerID, actor: AuditActor, fact: String,
        now: Timestamp
    ) -> AuditEvent {
        AuditEvent(
            customerId: customer, kind: "ownership.claimed", actor: actor, subject: purchase.description, fact: fact,
            details: ["from": placeholder.rawValue], createdAt: now)
    }
}
