internal import AppStoreModels

extension SubscriptionView {
    /// What Apple's billing records say about the current period.
    enum BillingSignal: Equatable {
        case goodStanding
        case gracePeriod(Timestamp?)
        case billingRetry
        case expired(SubscriptionExpiryReason)
    }

    /// The phase, from the current period and the newest billing word about it.
    ///
    /// 1. No period: `unknown`. A current period that was upgraded away or revoked says so.
    /// 2. Otherwise the newer of the status register and the renewal info decides (the status on
    ///    a tie: it is Apple's own summary). A word signed before the current period was
    ///    purchased is about an earlier period and is ignored.
    /// 3. With no usable word: expired once some record was signed after the period's expiry,
    ///    else in good standing; good standing is refined by the period's offer.
    static func phase(current: PaidPeriod?, state: SubscriptionState) -> SubscriptionPhase {
        guard let current else { return .unknown }
        if let revocation = current.revocation {
            return revocation.kind == .upgraded ? .upgraded(date: revocation.date) : .revoked(revocation)
        }
        switch billingSignal(current: current, state: state) {
        // Billing grace periods do not apply under a 12-month commitment: access stops at once.
        case .gracePeriod? where current.isBilledUnderCommitment: return .billingRetry
        case .gracePeriod(let date)?: return .gracePeriod(expiresDate: date)
        case .billingRetry?: return .billingRetry
        case .expired(let reason)?: return .expired(reason)
        case .goodStanding?: return offerPhase(current)
        case nil:
            if let expires = current.expiresDate, let horizon = state.lastSignedDate, horizon >= expires {
                return .expired(.unknown)
            }
            return offerPhase(current)
        }
    }

    static func billingSignal(current: PaidPeriod, state: SubscriptionState) -> BillingSignal? {
        var best: (date: Timestamp, rank: Int, signal: BillingSignal)?
        if let status = state.status, let signal = statusSignal(status, renewal: state.renewalInfo) {
            best = (status.signedDate, 1, signal)
        }
        if let renewal = state.renewalInfo {
            let candidate = (date: renewal.signedDate, rank: 0, signal: renewalSignal(renewal, current: current))
            if best.map({ (candidate.date, candidate.rank) > ($0.date, $0.rank) }) ?? true { best = candidate }
        }
        guard let best, best.date >= current.purchaseDate else { return nil }
        return best.signal
    }

    static func statusSignal(_ observation: StatusObservation, renewal: RenewalInfo?) -> BillingSignal? {
        switch observation.status {
        case .active: .goodStanding
        case .expired:
            .expired(
                SubscriptionExpiryReason(observation.subtype) ?? SubscriptionExpiryReason(renewal?.expirationIntent))
        case .billingRetry: .billingRetry
        case .billingGracePeriod: .gracePeriod(renewal?.gracePeriodExpiresDate)
        // Revoked is read from the transactions themselves; unknown values say nothing.
        default: nil
        }
    }

    static func renewalSignal(_ renewal: RenewalInfo, current: PaidPeriod) -> BillingSignal {
        if renewal.isInBillingRetryPeriod {
            if let graceEnd = renewal.gracePeriodExpiresDate, renewal.signedDate < graceEnd {
                return .gracePeriod(graceEnd)
            }
            return .billingRetry
        }
        if let intent = renewal.expirationIntent { return .expired(SubscriptionExpiryReason(intent)) }
        if let expires = current.expiresDate, renewal.signedDate >= expires,
            !renewal.autoRenewEnabled || endsWithCommitment(current, renewal: renewal)
        {
            return .expired(.voluntary)
        }
        return .goodStanding
    }

    /// Whether `current` is the last billing of a commitment the customer cancelled: under a
    /// commitment the renewal info's `autoRenewStatus` stays on, and the commitment's says.
    static func endsWithCommitment(_ current: PaidPeriod, renewal: RenewalInfo) -> Bool {
        guard let commitment = SubscriptionCommitment(current: current, renewal: renewal) else { return false }
        return commitment.isFinalPeriod && commitment.endsWithCommitment
    }

    /// Good standing, named after the current period's offer.
    static func offerPhase(_ period: PaidPeriod) -> SubscriptionPhase {
        guard let offer = period.offer else { return .active }
        switch offer.type {
        case .introductoryOffer:
            if offer.discountType == .freeTrial || (offer.discountType == nil && period.price == 0) { return .trial }
            return .introOffer(offer.discountType)
        case .promotionalOffer: return .promotionalOffer(identifier: offer.identifier)
        case .offerCode: return .offerCode(identifier: offer.identifier)
        case .winBackOffer: return .winBack(identifier: offer.identifier)
        default: return .active
        }
    }
}
