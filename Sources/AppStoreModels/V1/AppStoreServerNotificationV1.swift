/// A version 1 (JSON) App Store server notification (`responseBodyV1`), POSTed to your V1 endpoint.
/// Deprecated by Apple in favour of version 2.
///
/// Authenticate it by comparing `password` with your shared secret in constant time;
/// ``description`` redacts it. `auto_renew_status` here is `"true"`/`"false"`, not the `"1"`/`"0"`
/// of receipts. The top-level `latest_receipt*` fields were removed in March 2021 but are still
/// decoded.
public struct AppStoreServerNotificationV1: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The event that triggered the notification.
    public var notificationType: NotificationTypeV1
    /// The shared secret you submit as `password` to verifyReceipt.
    public var password: String?
    /// `PROD` or `Sandbox`.
    public var environment: NotificationV1Environment?
    /// The bundle identifier of the app.
    public var bid: String?
    /// The bundle version of the app.
    public var bvrs: String?
    /// The App Store's identifier of the subscription product that renews (a string; treat as a
    /// 64-bit integer).
    public var autoRenewAdamId: FlexibleInt64?
    /// The product identifier of the subscription that renews.
    public var autoRenewProductId: String?
    /// Whether the subscription renews (`"true"`/`"false"`).
    public var autoRenewStatus: FlexibleBool?
    /// When the customer turned auto-renew on or off, as Apple's formatted UTC date (`yyyy-MM-dd
    /// HH:mm:ss Etc/GMT`).
    public var autoRenewStatusChangeDate: AppleFormattedDate?
    /// When the customer turned auto-renew on or off, in milliseconds since 1970 (a string of
    /// digits); use this for processing.
    public var autoRenewStatusChangeDateMs: FlexibleTimestamp?
    /// When the customer turned auto-renew on or off, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var autoRenewStatusChangeDatePst: AppleFormattedDate?
    /// Why the subscription expired (see ``ExpirationIntent``); expired subscriptions only.
    public var expirationIntent: FlexibleInt64?
    /// The original transaction identifier the notification is about (documented as a long).
    public var originalTransactionId: FlexibleString?
    /// When Apple deprecated version 1 notifications.
    public var deprecation: String?
    /// The latest receipt and its decoded transactions.
    public var unifiedReceipt: UnifiedReceipt?
    /// Deprecated (removed March 2021): the latest Base64 receipt.
    public var latestReceipt: String?
    /// Deprecated (removed March 2021): the latest transaction (an iOS 6-style object).
    public var latestReceiptInfo: LatestReceiptInfo?
    /// Deprecated (removed March 2021): the latest expired Base64 receipt.
    public var latestExpiredReceipt: String?
    /// Deprecated (removed March 2021): the latest expired transaction.
    public var latestExpiredReceiptInfo: LatestReceiptInfo?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        notificationType: NotificationTypeV1,
        password: String? = nil,
        environment: NotificationV1Environment? = nil,
        bid: String? = nil,
        bvrs: String? = nil,
        autoRenewAdamId: FlexibleInt64? = nil,
        autoRenewProductId: String? = nil,
        autoRenewStatus: FlexibleBool? = nil,
        autoRenewStatusChangeDate: AppleFormattedDate? = nil,
        autoRenewStatusChangeDateMs: FlexibleTimestamp? = nil,
        autoRenewStatusChangeDatePst: AppleFormattedDate? = nil,
        expirationIntent: FlexibleInt64? = nil,
        originalTransactionId: FlexibleString? = nil,
        deprecation: String? = nil,
        unifiedReceipt: UnifiedReceipt? = nil,
        latestReceipt: String? = nil,
        latestReceiptInfo: LatestReceiptInfo? = nil,
        latestExpiredReceipt: String? = nil,
        latestExpiredReceiptInfo: LatestReceiptInfo? = nil
    ) {
        self.notificationType = notificationType
        self.password = password
        self.environment = environment
        self.bid = bid
        self.bvrs = bvrs
        self.autoRenewAdamId = autoRenewAdamId
        self.autoRenewProductId = autoRenewProductId
        self.autoRenewStatus = autoRenewStatus
        self.autoRenewStatusChangeDate = autoRenewStatusChangeDate
        self.autoRenewStatusChangeDateMs = autoRenewStatusChangeDateMs
        self.autoRenewStatusChangeDatePst = autoRenewStatusChangeDatePst
        self.expirationIntent = expirationIntent
        self.originalTransactionId = originalTransactionId
        self.deprecation = deprecation
        self.unifiedReceipt = unifiedReceipt
        self.latestReceipt = latestReceipt
        self.latestReceiptInfo = latestReceiptInfo
        self.latestExpiredReceipt = latestExpiredReceipt
        self.latestExpiredReceiptInfo = latestExpiredReceiptInfo
    }

    enum CodingKeys: String, CodingKey {
        case notificationType = "notification_type"
        case password = "password"
        case environment = "environment"
        case bid = "bid"
        case bvrs = "bvrs"
        case autoRenewAdamId = "auto_renew_adam_id"
        case autoRenewProductId = "auto_renew_product_id"
        case autoRenewStatus = "auto_renew_status"
        case autoRenewStatusChangeDate = "auto_renew_status_change_date"
        case autoRenewStatusChangeDateMs = "auto_renew_status_change_date_ms"
        case autoRenewStatusChangeDatePst = "auto_renew_status_change_date_pst"
        case expirationIntent = "expiration_intent"
        case originalTransactionId = "original_transaction_id"
        case deprecation = "deprecation"
        case unifiedReceipt = "unified_receipt"
        case latestReceipt = "latest_receipt"
        case latestReceiptInfo = "latest_receipt_info"
        case latestExpiredReceipt = "latest_expired_receipt"
        case latestExpiredReceiptInfo = "latest_expired_receipt_info"
    }

    /// A log-safe summary that never includes `password`.
    public var description: String {
        "AppStoreServerNotificationV1(notificationType: \(notificationType), environment: "
            + (environment?.rawValue ?? "nil") + ", bid: " + (bid ?? "nil") + ", password: "
            + (password == nil ? "nil" : "<redacted>") + ")"
    }
}
