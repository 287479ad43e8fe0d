import AppStoreModels
import Foundation

extension SimulationEngine {
    /// The version 1 notification types Apple sent for an event that version 2 reports as
    /// `type`/`subtype`; empty when version 1 had no counterpart. An upgrade was a `CANCEL` of the
    /// old period (with `auto_renew_status` true, `seeds/003_*`) followed by `INTERACTIVE_RENEWAL`.
    static func v1Types(
        for type: NotificationTypeV2, _ subtype: NotificationSubtype?, productType: ProductType?
    ) -> [NotificationTypeV1] {
        switch (type, subtype) {
        case (.subscribed, .some(.initialBuy)), (.offerRedeemed, .some(.initialBuy)): [.initialBuy]
        case (.subscribed, .some(.resubscribe)), (.offerRedeemed, .some(.resubscribe)): [.interactiveRenewal]
        case (.didRenew, .some(.billingRecovery)): [.didRecover]
        case (.didRenew, _): [.didRenew]
        case (.didFailToRenew, _): [.didFailToRenew]
        case (.didChangeRenewalStatus, _): [.didChangeRenewalStatus]
        case (.didChangeRenewalPref, .some(.upgrade)), (.offerRedeemed, .some(.upgrade)): [.cancel, .interactiveRenewal]
        case (.didChangeRenewalPref, _), (.offerRedeemed, .some(.downgrade)): [.didChangeRenewalPref]
        case (.refund, _): productType == .autoRenewableSubscription ? [.cancel] : [.refund]
        case (.revoke, _): [.revoke]
        case (.consumptionRequest, _): [.consumptionRequest]
        case (.priceIncrease, .some(.pending)): [.priceIncreaseConsent]
        default: []
        }
    }

    /// The JSON bodies Apple POSTs to a version 1 endpoint for an event, with the
    /// `unified_receipt` (`latest_receipt`, `latest_receipt_info`, `pending_renewal_info`).
    mutating func legacyNotificationBodies(
        _ type: NotificationTypeV2, _ subtype: NotificationSubtype?, app: SimulatedApp, environment: AppStoreEnvironment,
        transaction: StoredTransaction?, subscription: SimulatedSubscription?, at time: Timestamp
    ) throws(SimulatorError) -> [String] {
        let types = Self.v1Types(for: type, subtype, productType: transaction?.payload.type)
        guard !types.isEmpty, let transaction else { return [] }
        let account = transaction.accountId
        let latestReceipt = try appReceiptBase64(account: account, bundleId: app.bundleId, at: time)
        let transactions = legacyTransactions(account: account, bundleId: app.bundleId).reversed()
        let renewals = state.subscriptions.values
            .filter { $0.accountId == account && $0.bundleId == app.bundleId }
            .sorted { $0.originalTransactionId < $1.originalTransactionId }
        let unified = UnifiedReceipt(
            environment: environment, latestReceipt: latestReceipt,
            latestReceiptInfo: transactions.map(receiptTransactionInfo), pendingRenewalInfo: renewals.map(pendingRenewalInfo),
            status: .valid)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var bodies: [String] = []
        for v1Type in types {
            var body = AppStoreServerNotificationV1(
                notificationType: v1Type, password: app.sharedSecret,
                environment: environment == .production ? .production : .sandbox, bid: app.bundleId,
                bvrs: app.bundleVersion, originalTransactionId: FlexibleString(transaction.originalTransactionId),
                unifiedReceipt: unified)
            if let subscription {
                body.autoRenewProductId = subscription.autoRenewProductId
                // A plan change's CANCEL keeps auto-renew on; a refund's turns it off.
                body.autoRenewStatus = FlexibleBool(v1Type == .cancel && subtype != .upgrade ? false : subscription.autoRenewEnabled)
                body.expirationIntent = subscription.expirationIntent.map { FlexibleInt64(Int64($0.rawValue)) }
                if v1Type == .didChangeRenewalStatus {
                    body.autoRenewStatusChangeDate = AppleFormattedDate.gmt(time)
                    body.autoRenewStatusChangeDateMs = FlexibleTimestamp(time)
                    body.autoRenewStatusChangeDatePst = try? AppleFormattedDate.pacific(time)
                }
            }
            do {
                bodies.append(String(decoding: try encoder.encode(body), as: UTF8.self))
            } catch {
                throw SimulatorError(.signingFailed, "V1 notification encoding failed: \(error)")
            }
        }
        return bodies
    }
}
