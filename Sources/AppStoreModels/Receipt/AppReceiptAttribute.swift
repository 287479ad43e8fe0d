/// One `ReceiptAttribute` of a legacy app receipt payload, kept verbatim.
///
/// Apple's payload is `SET OF ReceiptAttribute`, where
/// `ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }`.
/// Attributes whose `type` the decoder does not know are kept as this value, so nothing Apple
/// sends is lost (see ``AppReceipt/unknownAttributes``).
public struct AppReceiptAttribute: Hashable, Sendable {
    /// The attribute type (for example `2` for the bundle identifier, `1702` for a product id).
    public var type: Int64
    /// The attribute version Apple wrote (undocumented; usually `1`).
    public var version: Int64
    /// The raw contents of the `value` OCTET STRING (itself usually DER: a string, an INTEGER,
    /// or a nested SET).
    public var value: [UInt8]

    public init(type: Int64, version: Int64, value: [UInt8]) {
        self.type = type
        self.version = version
        self.value = value
    }
}

/// The `type` numbers of app receipt attributes.
///
/// An open set: values that are not listed here still decode (as
/// ``AppReceipt/unknownAttributes``). Numbers marked *documented* come from Apple's Receipt
/// Validation Programming Guide ("Receipt Fields"); the others are not documented by Apple and
/// follow the common reading of genuine receipts, cross-checked against the `verifyReceipt`
/// responses for the conformance receipts where the values could be compared.
public struct AppReceiptAttributeType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }

    // MARK: App receipt

    /// `receipt_type` (UTF8String: "Production", "ProductionSandbox", ...). Undocumented; agrees
    /// with `verifyReceipt` on the conformance receipts.
    public static let receiptType = Self(rawValue: 0)
    /// `app_item_id` / `adam_id` (INTEGER; 0 in sandbox). Undocumented; agrees with `verifyReceipt`.
    public static let appItemId = Self(rawValue: 1)
    /// `bundle_id` (UTF8String). Documented.
    public static let bundleId = Self(rawValue: 2)
    /// `application_version` (UTF8String, CFBundleVersion). Documented.
    public static let applicationVersion = Self(rawValue: 3)
    /// Opaque value used with the SHA-1 hash (bytes). Documented.
    public static let opaqueValue = Self(rawValue: 4)
    /// SHA-1 hash of device identifier + opaque value + bundle id (bytes). Documented.
    public static let sha1Hash = Self(rawValue: 5)
    /// Age rating (IA5String, e.g. "4+"). Undocumented.
    public static let ageRating = Self(rawValue: 10)
    /// `receipt_creation_date` (IA5String, RFC 3339). Documented.
    public static let receiptCreationDate = Self(rawValue: 12)
    /// `download_id` (INTEGER). Undocumented.
    public static let downloadId = Self(rawValue: 15)
    /// `version_external_identifier` (INTEGER). Undocumented.
    public static let versionExternalIdentifier = Self(rawValue: 16)
    /// One in-app purchase receipt (a nested SET OF ReceiptAttribute). Documented.
    public static let inAppPurchase = Self(rawValue: 17)
    /// `original_purchase_date` of the app (IA5String, RFC 3339). Undocumented; agrees with
    /// `verifyReceipt` on the conformance receipts.
    public static let originalPurchaseDate = Self(rawValue: 18)
    /// `original_application_version` (UTF8String). Documented.
    public static let originalApplicationVersion = Self(rawValue: 19)
    /// `expiration_date` of the receipt (IA5String, RFC 3339; Volume Purchase Program). Documented.
    public static let receiptExpirationDate = Self(rawValue: 21)

    // MARK: In-app purchase receipt

    /// `quantity` (INTEGER). Documented.
    public static let quantity = Self(rawValue: 1701)
    /// `product_id` (UTF8String). Documented.
    public static let productId = Self(rawValue: 1702)
    /// `transaction_id` (UTF8String). Documented.
    public static let transactionId = Self(rawValue: 1703)
    /// `purchase_date` (IA5String, RFC 3339). Documented.
    public static let purchaseDate = Self(rawValue: 1704)
    /// `original_transaction_id` (UTF8String). Documented.
    public static let originalTransactionId = Self(rawValue: 1705)
    /// `original_purchase_date` (IA5String, RFC 3339). Documented.
    public static let inAppOriginalPurchaseDate = Self(rawValue: 1706)
    /// `expires_date` of an auto-renewable subscription (IA5String, RFC 3339). Documented.
    public static let subscriptionExpirationDate = Self(rawValue: 1708)
    /// `web_order_line_item_id` (INTEGER). Documented.
    public static let webOrderLineItemId = Self(rawValue: 1711)
    /// `cancellation_date` (IA5String, RFC 3339). Documented.
    public static let cancellationDate = Self(rawValue: 1712)
    /// `is_trial_period` (INTEGER, non-zero = true). Documented.
    public static let subscriptionTrialPeriod = Self(rawValue: 1713)
    /// `is_in_intro_offer_period` (INTEGER, non-zero = true). Documented.
    public static let subscriptionIntroductoryPricePeriod = Self(rawValue: 1719)
    /// `promotional_offer_id` (UTF8String). Documented.
    public static let promotionalOfferId = Self(rawValue: 1721)
}
