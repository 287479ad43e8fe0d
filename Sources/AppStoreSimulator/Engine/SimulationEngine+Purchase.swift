import AppStoreModels
import Foundation

extension SimulationEngine {
    /// A purchase of any of the four product types.
    mutating func purchase(_ request: PurchaseRequest, at time: Timestamp) throws(SimulatorError) -> PurchaseResult {
        let account = try account(request.accountId)
        let product = try product(request.productId, in: request.bundleId)
        guard product.availableForSale else { throw .invalidState("\(product.productId) is not available for sale") }
        if product.isAutoRenewable {
            return try subscribe(request, product: product, account: account, at: time)
        }
        guard request.offer == nil else {
            throw .invalidRequest("offers apply to auto-renewable subscriptions, not \(product.type)")
        }
        let (storefront, price) = try pricing(of: product, account: account, storefront: request.storefront)
        let quantity = request.quantity ?? 1
        guard quantity >= 1, quantity == 1 || product.type == .consumable else {
            throw .invalidRequest("quantity \(quantity) is invalid for a \(product.type)")
        }
        if product.type == .nonConsumable, ownsNonConsumable(account: account.id, bundleId: request.bundleId, product.productId) {
            throw .alreadyOwned("\(account.id) already owns \(product.productId)")
        }
        guard !account.paymentFails || price == 0 else {
            throw .paymentFailed("the payment method of \(account.id) was declined")
        }
        let transaction = try issueTransaction(
            NewTransaction(
                account: account, product: product, bundleId: request.bundleId, storefront: storefront,
                purchaseDate: time, quantity: quantity, price: price, appAccountToken: request.appAccountToken))
        try notify(
            .oneTimeCharge, bundleId: request.bundleId, environment: account.environment, accountId: account.id,
            transaction: transaction, at: time)
        var familyIds: [String] = []
        if product.type == .nonConsumable, product.familyShareable {
            familyIds = try shareWithFamily(transaction, product: product, at: time)
        }
        return PurchaseResult(
            transaction: transaction.payload, signedTransaction: try signedTransaction(transaction, at: time),
            notificationType: .oneTimeCharge, subtype: nil, familyTransactionIds: familyIds)
    }

    func ownsNonConsumable(account: String, bundleId: String, _ productId: String) -> Bool {
        state.transactions.values.contains {
            $0.accountId == account && $0.bundleId == bundleId && $0.productId == productId && !$0.isRevoked
        }
    }

    // MARK: Auto-renewable subscriptions

    private mutating func subscribe(
        _ request: PurchaseRequest, product: CatalogProduct, account: SimulatedAccount, at time: Timestamp
    ) throws(SimulatorError) -> PurchaseResult {
        guard let group = product.subscriptionGroupId, product.period != nil else {
            throw .invalidRequest("\(product.productId) has no subscription group or period")
        }
        let existing = ownSubscription(account: account.id, bundleId: request.bundleId, group: group)
        if let existing, existing.phase != .expired, existing.phase != .revoked {
            return try changeProduct(existing, to: product, request: request, at: time)
        }
        let offer = try resolveOffer(for: request, product: product, account: account, existing: existing, at: time)
        let (storefront, listPrice) = try pricing(of: product, account: account, storefront: request.storefront)
        let commitment = try commitment(for: request, product: product, offer: offer, storefront: storefront.code, at: time)
        let price = commitment?.monthlyPrice ?? offer.map { $0.config.price(in: storefront.code) } ?? listPrice
        let seats = try seatGroup(for: request, offer: offer, pricePerSeat: price)
        guard !account.paymentFails || price == 0 else {
            throw .paymentFailed("the payment method of \(account.id) was declined")
        }
        let period = commitment == nil ? offer?.config.period ?? product.period ?? .oneMonth : .oneMonth
        let expires = durations.end(of: period, from: time)
        let original = existing.flatMap { state.transactions[$0.originalTransactionId] }
        let transaction = try issueTransaction(
            NewTransaction(
                account: account, product: product, bundleId: request.bundleId, storefront: storefront,
                purchaseDate: time, expiresDate: expires, originalTransactionId: existing?.originalTransactionId,
                originalPurchaseDate: original?.payload.purchaseDate, quantity: seats?.seats ?? 1, price: price,
                appAccountToken: request.appAccountToken ?? existing?.appAccountToken, offer: offer,
                multiSeatInfo: seats.map { $0.transactionInfo(quantity: $0.seats) },
                billingPlanType: product.billingPlanType(underCommitment: commitment != nil),
                commitmentInfo: commitment?.transactionInfo))
        let lapse = existing.map { time.millisecondsSince1970 - $0.expiresDate.millisecondsSince1970 }
        var subscription = SimulatedSubscription(
            originalTransactionId: transaction.originalTransactionId, accountId: account.id, bundleId: request.bundleId,
            groupId: group, environment: account.environment, storefront: storefront.code,
            productId: product.productId, autoRenewProductId: product.productId, autoRenewEnabled: true, phase: .active,
            latestTransactionId: transaction.transactionId, expiresDate: expires,
            appAccountToken: request.appAccountToken ?? existing?.appAccountToken,
            recentSubscriptionStartDate: lapse.map { $0 <= durations.interval(days: 60) } == true
                ? existing?.recentSubscriptionStartDate ?? time : time,
            extensionDates: existing?.extensionDates ?? [], extensionResponses: existing?.extensionResponses ?? [:],
            ownership: .purchased, seatGroup: seats, commitment: commitment)
        if let offer, offer.config.mode == .payAsYouGo, offer.config.periodCount > 1 {
            subscription.pendingOffer = .init(
                offerType: offer.type, offerId: offer.id, offer: offer.config, remainingPeriods: offer.config.periodCount - 1)
        }
        store(subscription)
        if offer?.type == .introductoryOffer {
            state.accounts[account.id]?.introOfferConsumedGroups.insert(group)
        }
        let subtype: NotificationSubtype = existing == nil ? .initialBuy : .resubscribe
        let type: NotificationTypeV2 = offer == nil || offer?.type == .introductoryOffer ? .subscribed : .offerRedeemed
        try notify(
            type, subtype, bundleId: request.bundleId, environment: account.environment, accountId: account.id,
            transaction: transaction, subscription: subscription, at: time)
        let familyIds = try mirrorFamilyEvent(subscription, type: type, subtype: subtype, newTransaction: transaction, at: time)
        return PurchaseResult(
            transaction: transaction.payload, signedTransaction: try signedTransaction(transaction, at: time),
            notificationType: type, subtype: subtype, familyTransactionIds: familyIds)
    }

    /// A purchase or plan change to another product while subscribed to the group. Upgrades and
    /// same-duration crossgrades take effect now (the current period is revoked with
    /// `isUpgraded`, refunded pro rata, and a new period starts); downgrades and
    /// different-duration crossgrades take effect at the next renewal. Choosing the current
    /// product again cancels a pending downgrade; with an offer code or promotional offer it
    /// applies the offer from the next renewal.
    mutating func changeProduct(
        _ subscription: SimulatedSubscription, to product: CatalogProduct, request: PurchaseRequest?, at time: Timestamp
    ) throws(SimulatorError) -> PurchaseResult {
        var subscription = subscription
        let account = try account(subscription.accountId)
        guard subscription.phase == .active else {
            throw .invalidState(
                "subscription \(subscription.originalTransactionId) is \(subscription.phase.rawValue); resolve billing first")
        }
        guard !subscription.followsPurchaser else {
            throw .invalidState("family and group members cannot change a shared subscription")
        }
        let current = try self.product(subscription.productId, in: subscription.bundleId)
        let offer = try resolveOffer(for: request, product: product, account: account, existing: subscription, at: time)
        let environment = subscription.environment
        var type = NotificationTypeV2.didChangeRenewalPref
        var subtype: NotificationSubtype?
        var resultTransaction = try transaction(subscription.latestTransactionId)

        if product.productId == current.productId {
            if let offer {
                subscription.pendingOffer = .init(
                    offerType: offer.type, offerId: offer.id, offer: offer.config, remainingPeriods: offer.config.periodCount)
                type = .offerRedeemed
            } else if subscription.autoRenewProductId != current.productId {
                subscription.autoRenewProductId = current.productId
            } else {
                throw .alreadyOwned("\(account.id) is already subscribed to \(product.productId)")
            }
        } else if isImmediateChange(from: current, to: product) {
            let (storefront, listPrice) = try pricing(of: product, account: account, storefront: subscription.storefront)
            let price = offer.map { $0.config.price(in: storefront.code) } ?? listPrice
            guard !account.paymentFails || price == 0 else {
                throw .paymentFailed("the payment method of \(account.id) was declined")
            }
            try revokeForUpgrade(subscription.latestTransactionId, at: time)
            let original = state.transactions[subscription.originalTransactionId]
            let expires = durations.end(of: offer?.config.period ?? product.period ?? .oneMonth, from: time)
            resultTransaction = try issueTransaction(
                NewTransaction(
                    account: account, product: product, bundleId: subscription.bundleId, storefront: storefront,
                    purchaseDate: time, expiresDate: expires, originalTransactionId: subscription.originalTransactionId,
                    originalPurchaseDate: original?.payload.purchaseDate, price: price,
                    appAccountToken: request?.appAccountToken ?? subscription.appAccountToken, offer: offer))
            subscription.productId = product.productId
            subscription.autoRenewProductId = product.productId
            subscription.latestTransactionId = resultTransaction.transactionId
            subscription.expiresDate = expires
            subscription.renewalPriceOverride = nil
            subscription.pendingOffer = nil
            if let offer, offer.config.mode == .payAsYouGo, offer.config.periodCount > 1 {
                subscription.pendingOffer = .init(
                    offerType: offer.type, offerId: offer.id, offer: offer.config,
                    remainingPeriods: offer.config.periodCount - 1)
            }
            subtype = .upgrade
            type = offer == nil ? .didChangeRenewalPref : .offerRedeemed
        } else {
            subscription.autoRenewProductId = product.productId
            if let offer {
                subscription.pendingOffer = .init(
                    offerType: offer.type, offerId: offer.id, offer: offer.config, remainingPeriods: offer.config.periodCount)
            }
            subtype = .downgrade
            type = offer == nil ? .didChangeRenewalPref : .offerRedeemed
        }
        store(subscription)
        try notify(
            type, subtype, bundleId: subscription.bundleId, environment: environment, accountId: account.id,
            transaction: resultTransaction, subscription: subscription, at: time)
        let familyIds = try mirrorFamilyEvent(
            subscription, type: type, subtype: subtype,
            newTransaction: subtype == .upgrade ? resultTransaction : nil, at: time)
        return PurchaseResult(
            transaction: resultTransaction.payload, signedTransaction: try signedTransaction(resultTransaction, at: time),
            notificationType: type, subtype: subtype, familyTransactionIds: familyIds)
    }

    /// Upgrades (to a higher level) and crossgrades of the same duration take effect at once.
    private func isImmediateChange(from current: CatalogProduct, to new: CatalogProduct) -> Bool {
        let currentLevel = current.groupLevel ?? 1
        let newLevel = new.groupLevel ?? 1
        return newLevel < currentLevel || (newLevel == currentLevel && new.period == current.period)
    }

    /// Ends the current period early for an upgrade: `isUpgraded`, revoked now, the unused share
    /// refunded pro rata.
    private mutating func revokeForUpgrade(_ transactionId: String, at time: Timestamp) throws(SimulatorError) {
        let transaction = try transaction(transactionId)
        let start = transaction.payload.purchaseDate?.millisecondsSince1970 ?? time.millisecondsSince1970
        let end = transaction.payload.expiresDate?.millisecondsSince1970 ?? time.millisecondsSince1970
        let unused = end > start ? Int32(clamping: max(0, end - time.millisecondsSince1970) * 100_000 / (end - start)) : 0
        modifyTransaction(transactionId) {
            $0.isUpgraded = true
            $0.revocationDate = time
            $0.revocationType = .refundProrated
            $0.revocationPercentage = unused
        }
    }
}
