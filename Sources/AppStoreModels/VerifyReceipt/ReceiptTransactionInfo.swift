public import Foundation

/// One In-App Purchase transaction of an iOS 7-style receipt: an element of `in_app`, of
/// `latest_receipt_info` in a verifyReceipt response, and of `unified_receipt.latest_receipt_info`
/// in a version 1 notification.
///
/// What every receipt transaction carries is its ``purchase`` (read as `record.productId`); the
/// fields below are iOS 7 style's own: the expiry as a formatted date beside `expires_date_ms`,
/// the upgrade flag, offers, the subscription group, ownership and the app account token.
public struct ReceiptTransactionInfo: ReceiptPurchaseRecord, Hashable, Sendable, Codable {
    /// The product, identifiers, purchase and refund dates, and offer flags.
    public var purchase: ReceiptPurchase
    /// When the subscription expires or renews, as Apple's formatted UTC date (`yyyy-MM-dd HH:mm:ss
    /// Etc/GMT`).
    public var expiresDate: AppleFormattedDate?
    /// When the subscription expires or renews, in milliseconds since 1970 (a string of digits);
    /// use this for processing.
    public var expiresDateMs: FlexibleTimestamp?
    /// When the subscription expires or renews, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var expiresDatePst: AppleFormattedDate?
    /// Present (`"true"`) on a subscription transaction that ended because the customer upgraded.
    public var isUpgraded: FlexibleBool?
    /// The identifier of the promotional offer the customer redeemed.
    public var promotionalOfferId: String?
    /// The reference name of the subscription offer code the customer redeemed.
    public var offerCodeRefName: String?
    /// The identifier of the subscription group of the subscription.
    public var subscriptionGroupIdentifier: String?
    /// Whether the customer purchased the product or has it through Family Sharing.
    public var inAppOwnershipType: InAppOwnershipType?
    /// The UUID your app supplied (`appAccountToken` or a UUID `applicationUsername`) at purchase.
    public var appAccountToken: UUID?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        purchase: ReceiptPurchase = ReceiptPurchase(),
        expiresDate: AppleFormattedDate? = nil,
        expiresDateMs: FlexibleTimestamp? = nil,
        expiresDatePst: AppleFormattedDate? = nil,
        isUpgraded: FlexibleBool? = nil,
        promotionalOfferId: String? = nil,
        offerCodeRefName: String? = nil,
        subscriptionGroupIdentifier: String? = nil,
        inAppOwnershipType: InAppOwnershipType? = nil,
        appAccountToken: UUID? = nil
    ) {
        self.purchase = purchase
        self.expiresDate = expiresDate
        self.expiresDateMs = expiresDateMs
        self.expiresDatePst = expiresDatePst
        self.isUpgraded = isUpgraded
        self.promotionalOfferId = promotionalOfferId
        self.offerCodeRefName = offerCodeRefName
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.inAppOwnershipType = inAppOwnershipType
        self.appAccountToken = appAccountToken
    }

    enum CodingKeys: String, CodingKey {
        case expiresDate = "expires_date"
        case expiresDateMs = "expires_date_ms"
        case expiresDatePst = "expires_date_pst"
        case isUpgraded = "is_upgraded"
        case promotionalOfferId = "promotional_offer_id"
        case offerCodeRefName = "offer_code_ref_name"
        case subscriptionGroupIdentifier = "subscription_group_identifier"
        case inAppOwnershipType = "in_app_ownership_type"
        case appAccountToken = "app_account_token"
    }

    /// Decodes the shared ``purchase`` and this style's own fields from the same object.
    public init(from decoder: any Decoder) throws {
        purchase = try ReceiptPurchase(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        expiresDate = try container.decodeIfPresent(AppleFormattedDate.self, forKey: .expiresDate)
        expiresDateMs = try container.decodeIfPresent(FlexibleTimestamp.self, forKey: .expiresDateMs)
        expiresDatePst = try container.decodeIfPresent(AppleFormattedDate.self, forKey: .expiresDatePst)
        isUpgraded = try container.decodeIfPresent(FlexibleBool.self, forKey: .isUpgraded)
        promotionalOfferId = try container.decodeIfPresent(String.self, forKey: .promotionalOfferId)
        offerCodeRefName = try container.decodeIfPresent(String.self, forKey: .offerCodeRefName)
        subscriptionGroupIdentifier = try container.decodeIfPresent(String.self, forKey: .subscriptionGroupIdentifier)
        inAppOwnershipType = try container.decodeIfPresent(InAppOwnershipType.self, forKey: .inAppOwnershipType)
        appAccountToken = try container.decodeIfPresent(UUID.self, forKey: .appAccountToken)
    }

    /// Encodes one object: the shared ``purchase`` fields, then this style's own.
    public func encode(to encoder: any Encoder) throws {
        try purchase.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(expiresDate, forKey: .expiresDate)
        try container.encodeIfPresent(expiresDateMs, forKey: .expiresDateMs)
        try container.encodeIfPresent(expiresDatePst, forKey: .expiresDatePst)
        try container.encodeIfPresent(isUpgraded, forKey: .isUpgraded)
        try container.encodeIfPresent(promotionalOfferId, forKey: .promotionalOfferId)
        try container.encodeIfPresent(offerCodeRefName, forKey: .offerCodeRefName)
        try container.encodeIfPresent(subscriptionGroupIdentifier, forKey: .subscriptionGroupIdentifier)
        try container.encodeIfPresent(inAppOwnershipType, forKey: .inAppOwnershipType)
        try container.encodeIfPresent(appAccountToken, forKey: .appAccountToken)
    }

    /// The expiry instant, from `expires_date_ms` or else the formatted date.
    public var expiresTimestamp: Timestamp? { expiresDateMs?.timestamp ?? expiresDate?.timestamp }
}
