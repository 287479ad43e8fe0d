import AppStoreModels
import Storekeeper
import Testing

/// Applies deliveries one by one, keeping the state and each step's actions.
struct LifecycleRun {
    var state: SubscriptionState?
    var allActions: [SubscriptionAction] = []

    @discardableResult
    mutating func apply(
        _ delivery: Delivery, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> [SubscriptionAction]
    {
        let fact = try #require(delivery.fact, "\(delivery.label) is not a subscription fact", sourceLocation: sourceLocation)
        let result = SubscriptionLifecycle.apply(fact, to: state)
        state = result.state
        allActions += result.actions
        return result.actions
    }

    var view: SubscriptionView { state?.view ?? SubscriptionView() }

    func period(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PaidPeriod {
        try #require(view.periods.first { $0.periodKey == key }, "no period \(key)", sourceLocation: sourceLocation)
    }

    func access(at instant: Timestamp, policy: SubscriptionPolicy = SubscriptionPolicy()) -> SubscriptionAccess {
        state?.access(at: instant, policy: policy) ?? .none
    }
}

extension SubscriptionAction {
    /// The `webOrderLineItemId` of a `periodPaid` action.
    var paidPeriodKey: String? {
        if case .periodPaid(let period) = self { return period.periodKey }
        return nil
    }

    /// The case name, for compact assertions.
    var name: String {
        switch self {
        case .periodPaid: "periodPaid"
        case .periodRevoked: "periodRevoked"
        case .periodRestored: "periodRestored"
        case .accessChanged: "accessChanged"
        case .phaseChanged: "phaseChanged"
        case .autoRenewChanged: "autoRenewChanged"
        case .commitmentRenewalChanged: "commitmentRenewalChanged"
        case .renewalPreferenceChanged: "renewalPreferenceChanged"
        case .billingIssueStarted: "billingIssueStarted"
        case .billingRecovered: "billingRecovered"
        case .gracePeriodStarted: "gracePeriodStarted"
        case .gracePeriodExpired: "gracePeriodExpired"
        case .expired: "expired"
        case .offerRedeemed: "offerRedeemed"
        case .priceIncreasePending: "priceIncreasePending"
        case .priceIncreaseAccepted: "priceIncreaseAccepted"
        case .renewalDateExtended: "renewalDateExtended"
        case .refreshFromApple: "refreshFromApple"
        case .factIgnored: "factIgnored"
        }
    }
}

func window(_ start: Timestamp, _ end: Timestamp, _ product: SimProduct, grace: Bool = false) -> AccessWindow {
    AccessWindow(start: start, end: end, productId: product.id, endsInGracePeriod: grace)
}
