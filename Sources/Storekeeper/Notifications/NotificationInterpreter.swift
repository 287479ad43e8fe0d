public import AppStoreModels

/// Pure interpretation of App Store Server Notifications into domain facts. No IO: the caller
/// has already verified the notification's signature and those of its nested payloads.
public enum NotificationInterpreter {
    /// The V2 types about auto-renewable subscriptions only. `UNCLAIM_SEATS` is about a group
    /// subscription: its purchaser's transaction and renewal info are recorded like any
    /// subscription's, and the seat claims it names (``SubscriptionFact/unclaimedSeatClaimIds``)
    /// are released from the group's seat ledger.
    static let subscriptionTypes: Set<NotificationTypeV2> = [
        .subscribed, .didRenew, .didChangeRenewalPref, .didChangeRenewalStatus, .didFailToRenew,
        .gracePeriodExpired, .expired, .offerRedeemed, .priceIncrease, .renewalExtended,
        .metadataUpdate, .migration, .priceChange, .unclaimSeats,
    ]

    /// The V2 types about any purchase, whose meaning depends on the product type.
    static let refundTypes: [NotificationTypeV2: OneTimePurchaseFact.Event] = [
        .refund: .refunded, .refundReversed: .refundReversed, .refundDeclined: .refundDeclined, .revoke: .revoked,
    ]

    /// Interprets a verified V2 notification.
    ///
    /// - Parameters:
    ///   - payload: the decoded `signedPayload`.
    ///   - transaction: the verified, decoded `data.signedTransactionInfo`, if present.
    ///   - renewalInfo: the verified, decoded `data.signedRenewalInfo`, if present.
    ///   - appTransaction: the verified, decoded `appData.signedAppTransactionInfo`, if present.
    public static func interpret(
        _ payload: ResponseBodyV2DecodedPayload, transaction: JWSTransactionDecodedPayload? = nil,
        renewalInfo: JWSRenewalInfoDecodedPayload? = nil, appTransaction: AppTransaction? = nil
    ) -> NotificationFact {
        func ignored(_ reason: IgnoredNotification.Reason) -> NotificationFact {
            .ignored(
                IgnoredNotification(
                    type: payload.notificationType, subtype: payload.subtype, notificationUUID: payload.notificationUUID,
                    signedDate: payload.signedDate ?? transaction?.signedDate ?? renewalInfo?.signedDate,
                    environment: payload.environment ?? transaction?.environment ?? renewalInfo?.environment,
                    reason: reason))
        }
        guard let type = payload.notificationType else { return ignored(.missingType) }
        guard let signedDate = payload.signedDate ?? transaction?.signedDate ?? renewalInfo?.signedDate else {
            return ignored(.missingSignedDate)
        }
        let info = NotificationInfo(
            type: type, subtype: payload.subtype, notificationUUID: payload.notificationUUID, status: payload.data?.status)
        do throws(FactError) {
            switch type {
            case .test:
                return .test(
                    TestNotificationFact(
                        notification: info, signedDate: signedDate, environment: payload.environment,
                        bundleId: payload.bundleId))
            case .externalPurchaseToken:
                guard let token = payload.externalPurchaseToken else { return ignored(.missingData("externalPurchaseToken")) }
                return .externalPurchaseToken(
                    ExternalPurchaseTokenFact(subtype: payload.subtype, token: token, notification: info, signedDate: signedDate))
            case .rescindConsent:
                guard let appData = payload.appData else { return ignored(.missingData("appData")) }
                return .consentRescinded(
                    ConsentRescindedFact(
                        appData: appData, appTransactionId: appTransaction?.appTransactionId, notification: info,
                        signedDate: signedDate))
            case .renewalExtension:
                let subscription =
                    transaction == nil && renewalInfo == nil
                    ? nil
                    : try subscriptionFact(
                        info, signedDate: signedDate, payload: payload, transaction: transaction, renewalInfo: renewalInfo)
                guard payload.summary != nil || subscription != nil else { return ignored(.missingData("summary")) }
                return .renewalExtension(
                    RenewalExtensionFact(
                        subtype: payload.subtype, summary: payload.summary, subscription: subscription, notification: info,
                        signedDate: signedDate))
            case .consumptionRequest:
                guard let transaction else { return ignored(.missingData("signedTransactionInfo")) }
                let purchase = try AppleTransaction(transaction, source: .notification)
                let subscription =
                    purchase.isAutoRenewableSubscription
                    ? try subscriptionFact(
                        info, signedDate: signedDate, payload: payload, transaction: transaction, renewalInfo: renewalInfo)
                    : nil
                return .consumptionRequest(
                    ConsumptionRequestFact(
                        transaction: purchase, reason: payload.data?.consumptionRequestReason, notification: info,
                        signedDate: signedDate, subscription: subscription))
            case .oneTimeCharge:
                guard let transaction else { return ignored(.missingData("signedTransactionInfo")) }
                let purchase = try AppleTransaction(transaction, source: .notification)
                guard !purchase.isAutoRenewableSubscription else {
                    return ignored(.unexpectedProductType(purchase.productType))
                }
                return .oneTimePurchase(
                    OneTimePurchaseFact(event: .charged, transaction: purchase, notification: info, signedDate: signedDate))
            case _ where refundTypes[type] != nil:
                guard let transaction else { return ignored(.missingData("signedTransactionInfo")) }
                let purchase = try AppleTransaction(transaction, source: .notification)
                if purchase.isAutoRenewableSubscription {
                    return .subscription(
                        try subscriptionFact(
                            info, signedDate: signedDate, payload: payload, transaction: transaction,
                            renewalInfo: renewalInfo))
                }
                return .oneTimePurchase(
                    OneTimePurchaseFact(
                        event: refundTypes[type] ?? .refunded, transaction: purchase, notification: info,
                        signedDate: signedDate))
            case _ where subscriptionTypes.contains(type):
                guard transaction != nil || renewalInfo != nil else {
                    return ignored(.missingData("signedTransactionInfo"))
                }
                let fact = try subscriptionFact(
                    info, signedDate: signedDate, payload: payload, transaction: transaction, renewalInfo: renewalInfo)
                if let purchase = fact.transaction, !purchase.isAutoRenewableSubscription {
                    return ignored(.unexpectedProductType(purchase.productType))
                }
                var subscription = fact
                if type == .unclaimSeats { subscription.unclaimedSeatClaimIds = payload.unclaimInfo?.unclaimSeatIds ?? [] }
                return .subscription(subscription)
            default:
                return ignored(.unknownType)
            }
        } catch {
            return ignored(.invalidPayload(error.reason))
        }
    }

    /// A subscription fact from a notification's verified transaction and renewal info.
    static func subscriptionFact(
        _ info: NotificationInfo, signedDate: Timestamp, payload: ResponseBodyV2DecodedPayload,
        transaction: JWSTransactionDecodedPayload?, renewalInfo: JWSRenewalInfoDecodedPayload?
    ) throws(FactError) -> SubscriptionFact {
        let purchase = try transaction.map { payload throws(FactError) in
            try AppleTransaction(payload, source: .notification)
        }
        let renewal = try renewalInfo.map { payload throws(FactError) in
            try RenewalInfo(payload, source: .notification)
        }
        guard
            let identity = purchase.map({ ($0.environment, $0.originalTransactionId) })
                ?? renewal.map({ ($0.environment, $0.originalTransactionId) })
        else { throw FactError("notification carries neither a transaction nor a renewal info") }
        if let renewal, renewal.environment != identity.0 || renewal.originalTransactionId != identity.1 {
            throw FactError("renewal info is about \(renewal.originalTransactionId), transaction about \(identity.1)")
        }
        if let environment = payload.data?.environment, environment != identity.0 {
            throw FactError("notification environment \(environment) differs from its payloads' \(identity.0)")
        }
        return SubscriptionFact(
            environment: identity.0, originalTransactionId: identity.1, signedDate: signedDate, notification: info,
            transaction: purchase, renewalInfo: renewal, source: .notification)
    }
}
