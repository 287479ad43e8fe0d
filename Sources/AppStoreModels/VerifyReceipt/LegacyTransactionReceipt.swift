/// An iOS 6-style transaction receipt: the `receipt` of a verifyReceipt response for an iOS 6-style
/// receipt, its `latest_receipt_info` and `latest_expired_receipt_info` objects, and the deprecated
/// top-level `latest_receipt_info` of a version 1 notification.
///
/// What every receipt transaction carries is its ``purchase`` (read as `receipt.productId`).
/// Unlike iOS 7 style, `expires_date` is a millisecond string here and the formatted expiry is in
/// `expires_date_formatted`; the app and product are named by `bid`, `bvrs`, `app_item_id`,
/// `item_id`.
public struct LegacyTransactionReceipt: ReceiptPurchaseRecord, Hashable, Sendable, Codable {
    /// The product, identifiers, purchase and refund dates, and offer flags.
    public var purchase: ReceiptPurchase
    /// The bundle identifier of the app.
    public var bid: String?
    /// The bundle version of the app.
    public var bvrs: String?
    /// The App Store's identifier of the app.
    public var appItemId: FlexibleInt64?
    /// The App Store's identifier of the In-App Purchase product.
    public var itemId: FlexibleInt64?
    /// The App Store's identifier of the app version.
    public var versionExternalIdentifier: FlexibleInt64?
    /// The device identifier Apple assigned (UDID-like).
    public var uniqueIdentifier: String?
    /// The identifier for vendor of the device.
    public var uniqueVendorIdentifier: String?
    /// When the subscription expires, in milliseconds since 1970 (a string of digits; iOS 6 style).
    public var expiresDate: FlexibleTimestamp?
    /// When the subscription expires, as Apple's formatted UTC date.
    public var expiresDateFormatted: AppleFormattedDate?
    /// When the subscription expires, as Apple's formatted Pacific time.
    public var expiresDateFormattedPst: AppleFormattedDate?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        purchase: ReceiptPurchase = ReceiptPurchase(),
        bid: String? = nil,
        bvrs: String? = nil,
        appItemId: FlexibleInt64? = nil,
        itemId: FlexibleInt64? = nil,
        versionExternalIdentifier: FlexibleInt64? = nil,
        uniqueIdentifier: String? = nil,
        uniqueVendorIdentifier: String? = nil,
        expiresDate: FlexibleTimestamp? = nil,
        expiresDateFormatted: AppleFormattedDate? = nil,
        expiresDateFormattedPst: AppleFormattedDate? = nil
    ) {
        self.purchase = purchase
        self.bid = bid
        self.bvrs = bvrs
        self.appItemId = appItemId
        self.itemId = itemId
        self.versionExternalIdentifier = versionExternalIdentifier
        self.uniqueIdentifier = uniqueIdentifier
        self.uniqueVendorIdentifier = uniqueVendorIdentifier
        self.expiresDate = expiresDate
        self.expiresDateFormatted = expiresDateFormatted
        self.expiresDateFormattedPst = expiresDateFormattedPst
    }

    enum CodingKeys: String, CodingKey {
        case bid = "bid"
        case bvrs = "bvrs"
        case appItemId = "app_item_id"
        case itemId = "item_id"
        case versionExternalIdentifier = "version_external_identifier"
        case uniqueIdentifier = "unique_identifier"
        case uniqueVendorIdentifier = "unique_vendor_identifier"
        case expiresDate = "expires_date"
        case expiresDateFormatted = "expires_date_formatted"
        case expiresDateFormattedPst = "expires_date_formatted_pst"
    }

    /// Decodes the shared ``purchase`` and this style's own fields from the same object.
    public init(from decoder: any Decoder) throws {
        purchase = try ReceiptPurchase(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        bid = try container.decodeIfPresent(String.self, forKey: .bid)
        bvrs = try container.decodeIfPresent(String.self, forKey: .bvrs)
        appItemId = try container.decodeIfPresent(FlexibleInt64.self, forKey: .appItemId)
        itemId = try container.decodeIfPresent(FlexibleInt64.self, forKey: .itemId)
        versionExternalIdentifier = try container.decodeIfPresent(FlexibleInt64.self, forKey: .versionExternalIdentifier)
        uniqueIdentifier = try container.decodeIfPresent(String.self, forKey: .uniqueIdentifier)
        uniqueVendorIdentifier = try container.decodeIfPresent(String.self, forKey: .uniqueVendorIdentifier)
        expiresDate = try container.decodeIfPresent(FlexibleTimestamp.self, forKey: .expiresDate)
        expiresDateFormatted = try container.decodeIfPresent(AppleFormattedDate.self, forKey: .expiresDateFormatted)
        expiresDateFormattedPst = try container.decodeIfPresent(AppleFormattedDate.self, forKey: .expiresDateFormattedPst)
    }

    /// Encodes one object: the shared ``purchase`` fields, then this style's own.
    public func encode(to encoder: any Encoder) throws {
        try purchase.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(bid, forKey: .bid)
        try container.encodeIfPresent(bvrs, forKey: .bvrs)
        try container.encodeIfPresent(appItemId, forKey: .appItemId)
        try container.encodeIfPresent(itemId, forKey: .itemId)
        try container.encodeIfPresent(versionExternalIdentifier, forKey: .versionExternalIdentifier)
        try container.encodeIfPresent(uniqueIdentifier, forKey: .uniqueIdentifier)
        try container.encodeIfPresent(uniqueVendorIdentifier, forKey: .uniqueVendorIdentifier)
        try container.encodeIfPresent(expiresDate, forKey: .expiresDate)
        try container.encodeIfPresent(expiresDateFormatted, forKey: .expiresDateFormatted)
        try container.encodeIfPresent(expiresDateFormattedPst, forKey: .expiresDateFormattedPst)
    }

    /// The expiry instant, from `expires_date` or else `expires_date_formatted`.
    public var expiresTimestamp: Timestamp? { expiresDate?.timestamp ?? expiresDateFormatted?.timestamp }
}
