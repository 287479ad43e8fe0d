import AppStoreModels
import Storekeeper

/// Version 1 notification bodies as Apple sends them (strings for numbers and dates).
enum V1Fixture {
    static let original = "1000000500"

    static func ms(_ timestamp: Timestamp) -> FlexibleTimestamp { FlexibleTimestamp(timestamp) }

    static func record(
        transaction: String, original: String = original, wolid: String?, product: SimProduct, purchase: Timestamp,
        expires: Timestamp? = nil, cancellation: Timestamp? = nil, cancellationReason: Int64? = nil,
        upgraded: Bool = false, trial: Bool = false, subscription: Bool = true
    ) -> ReceiptTransactionInfo {
        let expiry = subscription ? (expires ?? purchase.adding(milliseconds: product.days * Clock.day)) : nil
        let purchaseFields = ReceiptPurchase(
            quantity: 1, productId: product.id, transactionId: transaction, originalTransactionId: original,
            webOrderLineItemId: wolid, purchaseDate: .gmt(purchase), purchaseDateMs: ms(purchase),
            originalPurchaseDateMs: ms(purchase), cancellationDate: cancellation.map(AppleFormattedDate.gmt),
            cancellationDateMs: cancellation.map(ms), cancellationReason: cancellationReason.map { FlexibleInt64($0) },
            isTrialPeriod: subscription ? FlexibleBool(trial) : nil, isInIntroOfferPeriod: subscription ? FlexibleBool(false) : nil)
        return ReceiptTransactionInfo(
            purchase: purchaseFields, expiresDate: expiry.map(AppleFormattedDate.gmt), expiresDateMs: expiry.map(ms),
            isUpgraded: upgraded ? FlexibleBool(true) : nil, subscriptionGroupIdentifier: subscription ? "21000001" : nil,
            inAppOwnershipType: .purchased)
    }

    static func pending(
        original: String = original, product: SimProduct, autoRenewProduct: SimProduct? = nil, autoRenew: Bool,
        retry: Bool? = nil, grace: Timestamp? = nil, intent: Int64? = nil, priceIncrease: Int64? = nil
    ) -> PendingRenewalInfo {
        PendingRenewalInfo(
            autoRenewProductId: (autoRenewProduct ?? product).id, autoRenewStatus: FlexibleBool(autoRenew, wireStyle: .digitString),
            expirationIntent: intent.map { FlexibleInt64($0) }, gracePeriodExpiresDate: grace.map(AppleFormattedDate.gmt),
            gracePeriodExpiresDateMs: grace.map(ms), isInBillingRetryPeriod: retry.map { FlexibleBool($0, wireStyle: .digitString) },
            originalTransactionId: original, priceConsentStatus: priceIncrease.map { FlexibleBool($0 == 1, wireStyle: .digitString) },
            priceIncreaseStatus: priceIncrease.map { FlexibleInt64($0) }, productId: product.id)
    }

    static func notification(
        _ type: NotificationTypeV1, records: [ReceiptTransactionInfo], pending: [PendingRenewalInfo]? = nil,
        autoRenew: Bool? = nil, autoRenewProduct: SimProduct? = nil, autoRenewChanged: Timestamp? = nil,
        expirationIntent: Int64? = nil, original: String? = nil, environment: NotificationV1Environment = .production
    ) -> AppStoreServerNotificationV1 {
        let latest = records.max {
            ($0.purchaseTimestamp ?? Timestamp(millisecondsSince1970: 0)) < ($1.purchaseTimestamp ?? Timestamp(millisecondsSince1970: 0))
        }
        let product = SimProduct.named(latest?.productId ?? "")
        let renewals =
            pending
            ?? (latest?.expiresTimestamp == nil
                ? []
                : [
                    Self.pending(
                        original: latest?.originalTransactionId ?? Self.original, product: product,
                        autoRenewProduct: autoRenewProduct, autoRenew: autoRenew ?? true)
                ])
        return AppStoreServerNotificationV1(
            notificationType: type, password: "shared-secret", environment: environment, bid: "com.example.app", bvrs: "42",
            autoRenewProductId: autoRenewProduct?.id ?? (latest?.expiresTimestamp == nil ? nil : product.id),
            autoRenewStatus: autoRenew.map { FlexibleBool($0) },
            autoRenewStatusChangeDateMs: autoRenewChanged.map(ms), expirationIntent: expirationIntent.map { FlexibleInt64($0) },
            originalTransactionId: original.map { FlexibleString($0) },
            unifiedReceipt: UnifiedReceipt(
                environment: environment.appStoreEnvironment, latestReceipt: "MIIT...", latestReceiptInfo: records,
                pendingRenewalInfo: renewals, status: VerifyReceiptStatus(rawValue: 0)))
    }
}
