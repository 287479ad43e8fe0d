/// The actions a transition means: the difference between two derived views.
struct SubscriptionTransition {
    var before: SubscriptionView
    var after: SubscriptionView
    var fact: SubscriptionFact
    var state: SubscriptionState

    func actions() -> [SubscriptionAction] {
        var actions: [SubscriptionAction] = []
        periodActions(&actions)
        if let extended = after.renewalExtension, extended != before.renewalExtension {
            actions.append(.renewalDateExtended(extended))
        }
        phaseActions(&actions)
        if let was = before.autoRenewEnabled, let now = after.autoRenewEnabled, was != now {
            actions.append(.autoRenewChanged(enabled: now))
        }
        if let was = before.commitment?.renews, let now = after.commitment?.renews, was != now {
            actions.append(.commitmentRenewalChanged(enabled: now, commitmentExpiresDate: after.commitment?.expiresDate))
        }
        if let change = preferenceChange() { actions.append(.renewalPreferenceChanged(change)) }
        if after.priceIncrease != before.priceIncrease {
            switch after.priceIncrease {
            case .pending?:
                actions.append(.priceIncreasePending(renewalPrice: after.renewalPrice, currency: after.renewalCurrency))
            case .accepted?:
                actions.append(.priceIncreaseAccepted(renewalPrice: after.renewalPrice, currency: after.renewalCurrency))
            case nil: break
            }
        }
        if after.accessWindow != before.accessWindow {
            actions.append(.accessChanged(from: before.accessWindow, to: after.accessWindow))
        }
        if let reason = refreshReason() {
            actions.append(
                .refreshFromApple(
                    RefreshRequest(
                        environment: state.environment, originalTransactionId: state.originalTransactionId,
                        reason: reason)))
        }
        return actions
    }

    private func periodActions(_ actions: inout [SubscriptionAction]) {
        let known = Dictionary(before.periods.map { ($0.periodKey, $0) }, uniquingKeysWith: { first, _ in first })
        for period in after.periods where known[period.periodKey] == nil {
            actions.append(.periodPaid(period))
        }
        for period in after.periods {
            let was = known[period.periodKey]?.revocation
            if let revocation = period.revocation, revocation != was {
                actions.append(.periodRevoked(period))
            } else if period.revocation == nil, was != nil {
                actions.append(.periodRestored(period))
            }
        }
        for period in after.periods {
            guard let offer = period.offer, known[period.periodKey]?.offer == nil else { continue }
            actions.append(.offerRedeemed(offer: offer, period: period))
        }
    }

    private func phaseActions(_ actions: inout [SubscriptionAction]) {
        let was = before.phase
        let now = after.phase
        guard was != now else { return }
        let wasInGrace = if case .gracePeriod = was { true } else { false }
        if !was.hasBillingIssue, now.hasBillingIssue {
            actions.append(.billingIssueStarted(gracePeriodExpiresDate: after.gracePeriodExpiresDate))
        }
        if case .gracePeriod(let date) = now, !wasInGrace {
            actions.append(.gracePeriodStarted(expiresDate: date))
        }
        if wasInGrace {
            switch now {
            case .billingRetry, .expired: actions.append(.gracePeriodExpired)
            default: break
            }
        }
        if was.hasBillingIssue, now.isInGoodStanding { actions.append(.billingRecovered) }
        if case .expired(let reason) = now {
            if case .expired = was {} else { actions.append(.expired(reason)) }
        }
        actions.append(.phaseChanged(from: was, to: now))
    }

    private func preferenceChange() -> RenewalPreferenceChange? {
        let subtype = fact.notification?.subtype
        if let old = before.currentPeriod, let new = after.currentPeriod, old.periodKey != new.periodKey,
            old.productId != new.productId
        {
            let replaced = after.periods.first { $0.periodKey == old.periodKey }
            return RenewalPreferenceChange(
                kind: replaced?.revocation?.kind == .upgraded ? .immediate : .nextPeriod,
                previousProductId: old.productId, productId: new.productId,
                previousAutoRenewProductId: before.autoRenewProductId, autoRenewProductId: after.autoRenewProductId,
                notificationSubtype: subtype)
        }
        guard before.pendingProductChange != after.pendingProductChange else { return nil }
        return RenewalPreferenceChange(
            kind: after.pendingProductChange == nil ? .scheduleCancelled : .scheduled,
            previousProductId: before.productId, productId: after.productId,
            previousAutoRenewProductId: before.autoRenewProductId, autoRenewProductId: after.autoRenewProductId,
            notificationSubtype: subtype)
    }

    private func refreshReason() -> RefreshRequest.Reason? {
        if fact.requiresConfirmation { return .unsignedSource }
        if case .upgraded = after.phase { return .replacementUnknown }
        if after.periods.isEmpty { return .noTransaction }
        return nil
    }
}
