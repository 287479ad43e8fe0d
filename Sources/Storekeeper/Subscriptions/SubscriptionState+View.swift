internal import AppStoreModels

extension SubscriptionState {
    /// The derived view: phase, periods, renewal preferences, access windows.
    public var view: SubscriptionView { SubscriptionView(deriving: self) }

    /// The derived phase (shorthand for `view.phase`).
    public var phase: SubscriptionPhase { view.phase }
}

extension SubscriptionView {
    /// A renewal may be charged up to 24 hours before the period it ends; a period of another
    /// product that starts earlier than this before the previous period's expiry replaced it
    /// (an upgrade or same-duration crossgrade), even if no fact flagged the old one `isUpgraded`.
    static let renewalChargeLeadTime: Int64 = 25 * 3_600_000

    init(deriving state: SubscriptionState) {
        let periods = Self.periods(of: state)
        let current = periods.last
        let phase = Self.phase(current: current, state: state)
        var windows: [AccessWindow] = []
        for period in periods where period.accessEnd > period.purchaseDate {
            AccessWindow.extend(
                &windows, from: period.purchaseDate, to: period.accessEnd, productId: period.productId, grace: false)
        }
        if case .gracePeriod(let graceEnd?) = phase, let current {
            AccessWindow.extend(&windows, from: current.accessEnd, to: graceEnd, productId: current.productId, grace: true)
        }
        let renewal = state.renewalInfo
        let priceIncrease: PriceIncreaseState? =
            switch renewal?.priceIncreaseStatus {
            case .notResponded?: .pending
            case .consentedOrNotified?: .accepted
            default: nil
            }
        self.init(
            phase: phase, periods: periods, productId: current?.productId ?? renewal?.productId,
            subscriptionGroupIdentifier: current?.subscriptionGroupIdentifier,
            autoRenewEnabled: renewal?.autoRenewEnabled, autoRenewProductId: renewal?.autoRenewProductId,
            priceIncrease: priceIncrease, renewalPrice: renewal?.renewalPrice, renewalCurrency: renewal?.currency,
            pendingOffer: renewal.flatMap { info in
                info.offerType.map { OfferInfo(type: $0, identifier: info.offerIdentifier) }
            },
            renewalExtension: current.flatMap { state.extensions[$0.periodKey] },
            eligibleWinBackOfferIds: renewal?.eligibleWinBackOfferIds ?? [], accessWindows: windows,
            commitment: current.flatMap { SubscriptionCommitment(current: $0, renewal: renewal) })
    }

    /// One period per period key, in purchase order, represented by its earliest-purchased
    /// transaction — seats added to a group subscription partway through a period
    /// (`SEAT_ADDITION`) are a later transaction of the same period — and among those by the
    /// latest-signed (a restore re-issues a period's transaction with the same dates).
    static func periods(of state: SubscriptionState) -> [PaidPeriod] {
        var representatives: [String: AppleTransaction] = [:]
        for transaction in state.transactions.values {
            let key = PaidPeriod.key(of: transaction)
            if let existing = representatives[key] {
                if transaction.purchaseDate > existing.purchaseDate { continue }
                if transaction.purchaseDate == existing.purchaseDate, !LastWriterWins.supersedes(transaction, existing) { continue }
            }
            representatives[key] = transaction
        }
        let ordered = representatives.sorted { ($0.value.purchaseDate, $0.key) < ($1.value.purchaseDate, $1.key) }
        var periods: [PaidPeriod] = []
        periods.reserveCapacity(ordered.count)
        for (index, (key, transaction)) in ordered.enumerated() {
            let next = ordered[(index + 1)...].first { $0.value.purchaseDate > transaction.purchaseDate }?.value
            let replacedAtOnce = next.map { state.immediateChanges.contains(PaidPeriod.key(of: $0)) } ?? false
            let revocation = revocation(of: transaction, next: next, replacedAtOnce: replacedAtOnce)
            var end = transaction.expiresDate ?? transaction.purchaseDate
            if let revocation { end = min(end, revocation.date) }
            if let next { end = min(end, next.purchaseDate) }
            periods.append(
                PaidPeriod(
                    periodKey: key, webOrderLineItemId: transaction.webOrderLineItemId,
                    environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
                    transactionId: transaction.transactionId, productId: transaction.productId,
                    subscriptionGroupIdentifier: transaction.subscriptionGroupIdentifier,
                    purchaseDate: transaction.purchaseDate, expiresDate: transaction.expiresDate,
                    price: transaction.price, currency: transaction.currency, storefront: transaction.storefront,
                    offer: transaction.offerType.map {
                        OfferInfo(
                            type: $0, identifier: transaction.offerIdentifier,
                            discountType: transaction.offerDiscountType, period: transaction.offerPeriod)
                    },
                    ownership: transaction.ownership, appAccountToken: transaction.appAccountToken,
                    revocation: revocation, billingPlanType: transaction.billingPlanType,
                    commitmentInfo: transaction.commitmentInfo, accessEnd: max(end, transaction.purchaseDate)))
        }
        return periods
    }

    /// Why a period ended early: flagged upgraded, refunded or revoked, or replaced by a period of
    /// another product that Apple said took effect at once (`replacedAtOnce`: its notification's
    /// `UPGRADE` subtype) or that started well before its expiry.
    static func revocation(
        of transaction: AppleTransaction, next: AppleTransaction?, replacedAtOnce: Bool = false
    ) -> RevocationInfo? {
        if transaction.isUpgraded {
            return RevocationInfo(
                kind: .upgraded, date: transaction.revocationDate ?? next?.purchaseDate ?? transaction.signedDate,
                reason: transaction.revocationReason)
        }
        if let date = transaction.revocationDate {
            return RevocationInfo(
                kind: .revocation(of: transaction.ownership), date: date, reason: transaction.revocationReason)
        }
        if let next, next.productId != transaction.productId, let expires = transaction.expiresDate,
            next.purchaseDate < expires,
            replacedAtOnce || next.purchaseDate.adding(milliseconds: renewalChargeLeadTime) < expires
        {
            return RevocationInfo(kind: .upgraded, date: next.purchaseDate)
        }
        return nil
    }
}
