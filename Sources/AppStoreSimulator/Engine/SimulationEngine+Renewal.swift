import AppStoreModels
import Foundation

extension SimulationEngine {
    /// What happens to a subscription next, on its own, and when.
    enum DueEvent {
        case renewal
        case gracePeriodEnd
        case billingRetryEnd
    }

    func nextEvent(of subscription: SimulatedSubscription) -> (Timestamp, DueEvent)? {
        guard !subscription.followsPurchaser else { return nil }  // members follow the purchaser
        switch subscription.phase {
        case .active: return (subscription.expiresDate, .renewal)
        case .gracePeriod: return subscription.gracePeriodExpiresDate.map { ($0, .gracePeriodEnd) }
        case .billingRetry: return subscription.billingRetryEndsDate.map { ($0, .billingRetryEnd) }
        case .expired, .revoked: return nil
        }
    }

    /// Runs, in time order, every renewal, expiry, grace period end, billing retry end and mass
    /// extension step that is due by `now`; each happens at its own scheduled instant (a mass
    /// extension's step before a subscription's event of the same instant).
    mutating func processDue(upTo now: Timestamp) throws(SimulatorError) {
        releaseFinishedReorderBatches(at: now)
        while true {
            let due = state.subscriptions.values.compactMap { subscription in
                nextEvent(of: subscription).map { (subscription.originalTransactionId, $0.0, $0.1) }
            }
            .filter { $0.1 <= now }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }
            if let (stepAt, requestIdentifier) = nextMassExtensionStep(), stepAt <= now, stepAt <= due?.1 ?? stepAt {
                try processMassExtensionStep(requestIdentifier)
                continue
            }
            guard let (originalTransactionId, time, event) = due else { return }
            let subscription = try subscription(originalTransactionId)
            switch event {
            case .renewal: try renewOrExpire(subscription, at: time)
            case .gracePeriodEnd: try endGracePeriod(subscription, at: time)
            case .billingRetryEnd: try expire(subscription, intent: .billingError, subtype: .billingRetry, at: time)
            }
        }
    }

    /// The renewal attempt at the end of a period.
    private mutating func renewOrExpire(_ subscription: SimulatedSubscription, at time: Timestamp) throws(SimulatorError) {
        guard subscription.autoRenewEnabled else {
            return try expire(subscription, intent: .customerCancelled, subtype: .voluntary, at: time)
        }
        // A cancelled commitment is billed to its last period and ends with it.
        if let commitment = subscription.commitment, commitment.isFinalPeriod, !commitment.renews {
            return try expire(subscription, intent: .customerCancelled, subtype: .voluntary, at: time)
        }
        let product = state.apps[subscription.bundleId]?.products[subscription.autoRenewProductId]
        guard let product, product.availableForSale else {
            return try expire(subscription, intent: .productNotAvailable, subtype: .productNotForSale, at: time)
        }
        if let increase = subscription.priceIncrease, increase.productId == product.productId, !increase.applies {
            return try expire(subscription, intent: .didNotConsentToPriceIncrease, subtype: .priceIncrease, at: time)
        }
        if try account(subscription.accountId).paymentFails {
            return try failToRenew(subscription, at: time)
        }
        try renew(subscription, product: product, periodStart: time, at: time, subtype: nil)
    }

    /// Charges the next period: a `RENEWAL` transaction (with the pending offer, if any) and
    /// `DID_RENEW` (subtype `BILLING_RECOVERY` when recovering from billing retry).
    mutating func renew(
        _ subscription: SimulatedSubscription, product: CatalogProduct, periodStart: Timestamp, at time: Timestamp,
        subtype: NotificationSubtype?
    ) throws(SimulatorError) {
        var subscription = subscription
        let account = try account(subscription.accountId)
        let pending = subscription.pendingOffer
        let commitment = nextCommitment(of: subscription, product: product, start: periodStart)
        let price = commitment?.monthlyPrice ?? nextRenewalPrice(of: subscription)
        let period = commitment == nil ? pending?.offer.period ?? product.period ?? .oneMonth : .oneMonth
        let expires = durations.end(of: period, from: periodStart)
        let original = state.transactions[subscription.originalTransactionId]
        // A multiseat subscription renews with the seats the purchaser chose for the renewal.
        if let renewing = subscription.seatGroup?.renewalQuantity { subscription.seatGroup?.seats = renewing }
        let transaction = try issueTransaction(
            NewTransaction(
                account: account, product: product, bundleId: subscription.bundleId,
                storefront: try storefront(subscription.storefront), purchaseDate: time, expiresDate: expires,
                originalTransactionId: subscription.originalTransactionId,
                originalPurchaseDate: original?.payload.purchaseDate, quantity: subscription.seatGroup?.seats ?? 1,
                reason: .renewal, price: price, appAccountToken: subscription.appAccountToken,
                offer: pending.map { AppliedOffer(type: $0.offerType, id: $0.offerId, config: $0.offer) },
                multiSeatInfo: subscription.seatGroup.map { $0.transactionInfo(quantity: $0.seats) },
                billingPlanType: product.billingPlanType(underCommitment: commitment != nil),
                commitmentInfo: commitment?.transactionInfo))
        subscription.commitment = commitment
        if let pending, pending.remainingPeriods > 1 {
            subscription.pendingOffer?.remainingPeriods = pending.remainingPeriods - 1
        } else {
            subscription.pendingOffer = nil
        }
        if let increase = subscription.priceIncrease, increase.productId == product.productId, increase.applies {
            subscription.priceIncrease = nil
        }
        if product.productId != subscription.productId { subscription.renewalPriceOverride = nil }
        subscription.productId = product.productId
        subscription.phase = .active
        subscription.latestTransactionId = transaction.transactionId
        subscription.expiresDate = expires
        subscription.expirationIntent = nil
        subscription.gracePeriodExpiresDate = nil
        subscription.billingRetryEndsDate = nil
        store(subscription)
        try notify(
            .didRenew, subtype, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: transaction, subscription: subscription, at: time)
        try mirrorFamilyEvent(subscription, type: .didRenew, subtype: subtype, newTransaction: transaction, at: time)
    }

    /// A billing failure at renewal: billing retry starts, within the grace period if the app
    /// has one (`DID_FAIL_TO_RENEW` / `GRACE_PERIOD`).
    private mutating func failToRenew(_ subscription: SimulatedSubscription, at time: Timestamp) throws(SimulatorError) {
        var subscription = subscription
        let app = try app(subscription.bundleId)
        subscription.expirationIntent = .billingError
        subscription.billingRetryEndsDate = time.adding(milliseconds: durations.interval(days: app.billingRetryDays))
        // No billing grace period applies under a 12-month commitment.
        if let graceDays = app.gracePeriodDays, subscription.commitment == nil {
            subscription.phase = .gracePeriod
            subscription.gracePeriodExpiresDate = time.adding(milliseconds: durations.interval(days: graceDays))
        } else {
            subscription.phase = .billingRetry
        }
        store(subscription)
        let subtype: NotificationSubtype? = subscription.phase == .gracePeriod ? .gracePeriod : nil
        try notify(
            .didFailToRenew, subtype, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
        try mirrorFamilyEvent(subscription, type: .didFailToRenew, subtype: subtype, newTransaction: nil, at: time)
    }

    private mutating func endGracePeriod(_ subscription: SimulatedSubscription, at time: Timestamp) throws(SimulatorError) {
        var subscription = subscription
        subscription.phase = .billingRetry
        store(subscription)
        try notify(
            .gracePeriodExpired, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
        try mirrorFamilyEvent(subscription, type: .gracePeriodExpired, subtype: nil, newTransaction: nil, at: time)
    }

    /// The subscription ends: `EXPIRED` with the subtype naming why.
    mutating func expire(
        _ subscription: SimulatedSubscription, intent: ExpirationIntent, subtype: NotificationSubtype?,
        at time: Timestamp
    ) throws(SimulatorError) {
        var subscription = subscription
        subscription.phase = .expired
        subscription.expirationIntent = intent
        subscription.pendingOffer = nil
        if intent == .customerCancelled || intent == .didNotConsentToPriceIncrease {
            subscription.autoRenewEnabled = false
        }
        store(subscription)
        try notify(
            .expired, subtype, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
        try mirrorFamilyEvent(subscription, type: .expired, subtype: subtype, newTransaction: nil, at: time)
    }

    /// A successful retry of a failed renewal (`DID_RENEW` / `BILLING_RECOVERY`). Recovery within
    /// the grace period keeps the renewal date (the customer kept service); after it, the new
    /// period starts now.
    mutating func recover(_ originalTransactionId: String, at time: Timestamp) throws(SimulatorError) {
        let subscription = try subscription(originalTransactionId)
        guard subscription.phase == .gracePeriod || subscription.phase == .billingRetry else {
            throw .invalidState("subscription \(originalTransactionId) is not in billing retry")
        }
        guard let product = state.apps[subscription.bundleId]?.products[subscription.autoRenewProductId] else {
            throw .notFound("product \(subscription.autoRenewProductId) is gone")
        }
        let start = subscription.phase == .gracePeriod ? subscription.expiresDate : time
        var recovering = subscription
        if let commitment = subscription.commitment {
            // The commitment's schedule moves by the delay (Apple's shifted `commitmentExpiresDate`).
            let delay = start.millisecondsSince1970 - subscription.expiresDate.millisecondsSince1970
            recovering.commitment?.expiresDate = commitment.expiresDate.adding(milliseconds: delay)
        }
        try renew(recovering, product: product, periodStart: start, at: time, subtype: .billingRecovery)
    }

    /// Makes the account's payment method fail or work; fixing it retries every renewal of the
    /// account that is in billing retry, at once.
    mutating func setPaymentFails(account id: String, fails: Bool, at time: Timestamp) throws(SimulatorError) {
        _ = try account(id)
        state.accounts[id]?.paymentFails = fails
        isDirty = true
        guard !fails else { return }
        let retrying = state.subscriptions.values.filter {
            $0.accountId == id && !$0.followsPurchaser && ($0.phase == .gracePeriod || $0.phase == .billingRetry)
        }
        for subscription in retrying.sorted(by: { $0.originalTransactionId < $1.originalTransactionId }) {
            try recover(subscription.originalTransactionId, at: time)
        }
    }
}
