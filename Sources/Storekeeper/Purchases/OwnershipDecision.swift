/// What happens to a purchase's ownership when a customer presents it (``PurchaseDecision/ownership(presentedBy:owner:orderCustomer:kind:policy:)``).
public enum OwnershipDecision: Hashable, Sendable {
    /// The presenter owns it (it was nobody's, or already the presenter's): recorded for the presenter.
    case presenterOwns
    /// The unclaimed placeholder held it (Apple's notification came first): it moves to the
    /// presenter with the placeholder's balances, and is recorded for the presenter.
    case claimFromPlaceholder(CustomerID)
    /// A consumable another customer owns: used up once credited, so presenting it again is a
    /// replay, whatever the transfer policy.
    case consumableUsedUp(owner: CustomerID)
    /// Policy `transfer`: it moves from `owner` to the presenter, and is recorded for the presenter.
    case transfer(from: CustomerID)
    /// Policy `keep`: `owner` keeps it; the presenter gets nothing.
    case keep(owner: CustomerID)
    /// Policy `refuse`: `owner` keeps it and the presentation is refused.
    case refuse(owner: CustomerID)

    /// Whether the presenter records the purchase after this decision.
    public var presenterRecords: Bool {
        switch self {
        case .presenterOwns, .claimFromPlaceholder, .transfer: true
        case .consumableUsedUp, .keep, .refuse: false
        }
    }

    /// The customer the purchase belongs to after this decision, given the presenter.
    public func owner(presentedBy presenter: CustomerID) -> CustomerID {
        switch self {
        case .presenterOwns, .claimFromPlaceholder, .transfer: presenter
        case .consumableUsedUp(let owner), .keep(let owner), .refuse(let owner): owner
        }
    }
}

/// What a presentation does for the other customer whose order the transaction's
/// `appAccountToken` names, before the presenter is judged
/// (``PurchaseDecision/forOrderCustomer(_:owner:)``).
public enum OrderCustomerDecision: Hashable, Sendable {
    /// The unclaimed placeholder held the purchase: the order's customer claims it, then records it.
    case claimFromPlaceholder(CustomerID)
    /// The order's customer owns it (just now, or already): recorded for them.
    case record
    /// A third customer owns it already: nothing for the order's customer.
    case leave
}
