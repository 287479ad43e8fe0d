public import AppStoreModels

/// The domain meaning of one App Store Server Notification.
///
/// Every notification maps to exactly one case; nothing is dropped silently: what cannot be
/// interpreted becomes ``ignored(_:)`` with the reason, for the notifications inbox.
public enum NotificationFact: Hashable, Sendable, Codable {
    /// About an auto-renewable subscription: apply with ``SubscriptionLifecycle``.
    case subscription(SubscriptionFact)
    /// About a consumable, non-consumable or non-renewing subscription: bought, refunded,
    /// refund reversed or declined, or revoked from Family Sharing.
    case oneTimePurchase(OneTimePurchaseFact)
    /// The customer asked for a refund; Apple wants consumption data within 12 hours.
    case consumptionRequest(ConsumptionRequestFact)
    /// The outcome of a renewal-date extension for all subscribers (`RENEWAL_EXTENSION`).
    case renewalExtension(RenewalExtensionFact)
    /// An external purchase token (External Purchase API apps).
    case externalPurchaseToken(ExternalPurchaseTokenFact)
    /// A parent or guardian withdrew consent for a child's use of the app (`RESCIND_CONSENT`).
    case consentRescinded(ConsentRescindedFact)
    /// A notification requested with Request a Test Notification.
    case test(TestNotificationFact)
    /// Recorded but not interpreted: unknown type, missing or malformed data.
    case ignored(IgnoredNotification)
}

/// What happened to a one-time purchase.
public struct OneTimePurchaseFact: Hashable, Sendable, Codable {
    public enum Event: String, Hashable, Sendable, Codable {
        /// `ONE_TIME_CHARGE`: bought (or shared through Family Sharing).
        case charged
        /// `REFUND` (V1 `REFUND`): refunded; see the transaction's `revocationDate` and reason.
        case refunded
        /// `REFUND_REVERSED`: a refund was reversed; reinstate what it took away.
        case refundReversed
        /// `REFUND_DECLINED`: a refund request was declined; nothing changes.
        case refundDeclined
        /// `REVOKE`: no longer shared through Family Sharing.
        case revoked
    }

    public var event: Event
    public var transaction: AppleTransaction
    public var notification: NotificationInfo
    public var signedDate: Timestamp

    public init(event: Event, transaction: AppleTransaction, notification: NotificationInfo, signedDate: Timestamp) {
        self.event = event
        self.transaction = transaction
        self.notification = notification
        self.signedDate = signedDate
    }
}

/// A `CONSUMPTION_REQUEST`: answer with Send Consumption Information.
public struct ConsumptionRequestFact: Hashable, Sendable, Codable {
    public var transaction: AppleTransaction
    /// Why the customer asked for the refund (absent in V1).
    public var reason: ConsumptionRequestReason?
    public var notification: NotificationInfo
    public var signedDate: Timestamp
    /// For an auto-renewable subscription, the subscription fact the notification also carries.
    public var subscription: SubscriptionFact?

    public init(
        transaction: AppleTransaction, reason: ConsumptionRequestReason?, notification: NotificationInfo,
        signedDate: Timestamp, subscription: SubscriptionFact? = nil
    ) {
        self.transaction = transaction
        self.reason = reason
        self.notification = notification
        self.signedDate = signedDate
        self.subscription = subscription
    }
}

/// A `RENEWAL_EXTENSION` notification: `SUMMARY` (the mass extension completed, with counts)
/// or `FAILURE` (it failed for one subscription, whose data is carried as `subscription`).
public struct RenewalExtensionFact: Hashable, Sendable, Codable {
    public var subtype: NotificationSubtype?
    /// The request identifier, product, storefronts and succeeded/failed counts.
    public var summary: Summary?
    /// For `FAILURE`: the subscription the extension failed for.
    public var subscription: SubscriptionFact?
    public var notification: NotificationInfo
    public var signedDate: Timestamp

    public init(
        subtype: NotificationSubtype?, summary: Summary?, subscription: SubscriptionFact?,
        notification: NotificationInfo, signedDate: Timestamp
    ) {
        self.subtype = subtype
        self.summary = summary
        self.subscription = subscription
        self.notification = notification
        self.signedDate = signedDate
    }

    public var requestIdentifier: String? { summary?.requestIdentifier }
    public var succeededCount: Int64? { summary?.succeededCount }
    public var failedCount: Int64? { summary?.failedCount }
}

/// An `EXTERNAL_PURCHASE_TOKEN` notification (`UNREPORTED`, `CREATED`, `ACTIVE_TOKEN_REMINDER`).
public struct ExternalPurchaseTokenFact: Hashable, Sendable, Codable {
    public var subtype: NotificationSubtype?
    public var token: ExternalPurchaseToken
    public var notification: NotificationInfo
    public var signedDate: Timestamp

    public init(
        subtype: NotificationSubtype?, token: ExternalPurchaseToken, notification: NotificationInfo,
        signedDate: Timestamp
    ) {
        self.subtype = subtype
        self.token = token
        self.notification = notification
        self.signedDate = signedDate
    }
}

/// A `RESCIND_CONSENT` notification: stop serving the child's account tied to the app transaction.
public struct ConsentRescindedFact: Hashable, Sendable, Codable {
    public var appData: AppData
    /// The Apple account the consent was withdrawn for: the verified `signedAppTransactionInfo`'s
    /// `appTransactionId` (the key operators search customers by).
    public var appTransactionId: String?
    public var notification: NotificationInfo
    public var signedDate: Timestamp

    public init(
        appData: AppData, appTransactionId: String? = nil, notification: NotificationInfo, signedDate: Timestamp
    ) {
        self.appData = appData
        self.appTransactionId = appTransactionId
        self.notification = notification
        self.signedDate = signedDate
    }
}

/// A `TEST` notification: proves the endpoint works; no effect.
public struct TestNotificationFact: Hashable, Sendable, Codable {
    public var notification: NotificationInfo
    public var signedDate: Timestamp
    public var environment: AppStoreEnvironment?
    public var bundleId: String?

    public init(
        notification: NotificationInfo, signedDate: Timestamp, environment: AppStoreEnvironment?, bundleId: String?
    ) {
        self.notification = notification
        self.signedDate = signedDate
        self.environment = environment
        self.bundleId = bundleId
    }
}

/// A notification kept for the record but not interpreted.
public struct IgnoredNotification: Hashable, Sendable, Codable {
    public enum Reason: Hashable, Sendable, Codable {
        /// The type is not one this code knows (Apple added it later).
        case unknownType
        /// The payload has no `notificationType`.
        case missingType
        /// Neither the notification nor its payloads carry a `signedDate`, so it cannot be ordered.
        case missingSignedDate
        /// A part the type requires is absent (named), for example an unverified transaction.
        case missingData(String)
        /// A payload could not become a fact (the conversion's reason).
        case invalidPayload(String)
        /// The type applies to another kind of product than the transaction's.
        case unexpectedProductType(ProductType?)
    }

    public var type: NotificationTypeV2?
    public var subtype: NotificationSubtype?
    public var notificationUUID: String?
    public var signedDate: Timestamp?
    public var environment: AppStoreEnvironment?
    /// For a V1 notification, its own type.
    public var v1Type: NotificationTypeV1?
    public var reason: Reason

    public init(
        type: NotificationTypeV2?, subtype: NotificationSubtype?, notificationUUID: String?, signedDate: Timestamp?,
        environment: AppStoreEnvironment?, v1Type: NotificationTypeV1? = nil, reason: Reason
    ) {
        self.type = type
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.signedDate = signedDate
        self.environment = environment
        self.v1Type = v1Type
        self.reason = reason
    }
}
