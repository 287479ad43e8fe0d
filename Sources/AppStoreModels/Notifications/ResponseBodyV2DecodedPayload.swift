/// The decoded payload of a version 2 notification (`signedPayload`): what happened, when Apple
/// signed it, and the data it concerns.
///
/// Exactly one of `data` (In-App Purchase events), `summary` (`RENEWAL_EXTENSION` / `SUMMARY`),
/// `externalPurchaseToken` (`EXTERNAL_PURCHASE_TOKEN`) or `appData` (`RESCIND_CONSENT`) is present.
/// Deduplicate by `notificationUUID`; order by `signedDate`.
public struct ResponseBodyV2DecodedPayload: Hashable, Sendable, Codable {
    /// The event that caused the notification.
    public var notificationType: NotificationTypeV2?
    /// Details of the event, for the notification types that have them.
    public var subtype: NotificationSubtype?
    /// The unique identifier of the notification; a retry of the same notification carries the same
    /// value.
    public var notificationUUID: String?
    /// App metadata and signed transaction and renewal information, for In-App Purchase events.
    public var data: NotificationData?
    /// The result of a renewal-date extension for all active subscribers (`RENEWAL_EXTENSION` with
    /// subtype `SUMMARY`).
    public var summary: Summary?
    /// The external purchase token (`EXTERNAL_PURCHASE_TOKEN`).
    public var externalPurchaseToken: ExternalPurchaseToken?
    /// App metadata and the signed app transaction (`RESCIND_CONSENT`).
    public var appData: AppData?
    /// The seat claims the App Store unclaimed (`UNCLAIM_SEATS`).
    public var unclaimInfo: UnclaimInfo?
    /// The notification version; `"2.0"`.
    public var version: String?
    /// When the App Store signed the notification (milliseconds since 1970).
    public var signedDate: Timestamp?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        notificationType: NotificationTypeV2? = nil,
        subtype: NotificationSubtype? = nil,
        notificationUUID: String? = nil,
        data: NotificationData? = nil,
        summary: Summary? = nil,
        externalPurchaseToken: ExternalPurchaseToken? = nil,
        appData: AppData? = nil,
        unclaimInfo: UnclaimInfo? = nil,
        version: String? = nil,
        signedDate: Timestamp? = nil
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.data = data
        self.summary = summary
        self.externalPurchaseToken = externalPurchaseToken
        self.appData = appData
        self.unclaimInfo = unclaimInfo
        self.version = version
        self.signedDate = signedDate
    }

    /// The environment named by whichever payload object is present (`externalPurchaseToken` has none).
    public var environment: AppStoreEnvironment? {
        data?.environment ?? summary?.environment ?? appData?.environment
    }

    /// The bundle identifier named by whichever payload object is present.
    public var bundleId: String? {
        data?.bundleId ?? summary?.bundleId ?? appData?.bundleId ?? externalPurchaseToken?.bundleId
    }
}
