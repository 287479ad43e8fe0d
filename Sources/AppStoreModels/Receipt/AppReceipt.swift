/// A decoded legacy App Store app receipt (the payload of the PKCS#7 container), field by field.
///
/// Property names follow the keys `verifyReceipt` uses for the same facts (`bundle_id` →
/// ``bundleId``). Every field is optional: a receipt is decoded as it is, and whoever needs a
/// field decides what its absence means. Attributes with an unknown type, and repeated
/// attributes, are kept in ``unknownAttributes`` so nothing is lost.
public struct AppReceipt: Hashable, Sendable {
    /// `receipt_type` (attribute 0): "Production", "ProductionSandbox", ...
    public var receiptType: AppReceiptType?
    /// `app_item_id` / `adam_id` (attribute 1): the app's Apple ID; 0 in sandbox receipts.
    public var appItemId: Int64?
    /// `bundle_id` (attribute 2).
    public var bundleId: String?
    /// `application_version` (attribute 3): CFBundleVersion of the app that asked for the receipt.
    public var applicationVersion: String?
    /// Opaque value (attribute 4), used on device to check ``sha1Hash``.
    public var opaqueValue: [UInt8]?
    /// SHA-1 hash (attribute 5) of the device identifier, ``opaqueValue`` and the bundle id bytes.
    public var sha1Hash: [UInt8]?
    /// Age rating (attribute 10), e.g. "4+".
    public var ageRating: String?
    /// `receipt_creation_date` (attribute 12): when the App Store signed this receipt. Certificate
    /// validity is judged at this instant.
    public var receiptCreationDate: Timestamp?
    /// `download_id` (attribute 15).
    public var downloadId: Int64?
    /// `version_external_identifier` (attribute 16).
    public var versionExternalIdentifier: Int64?
    /// `original_purchase_date` of the app (attribute 18).
    public var originalPurchaseDate: Timestamp?
    /// `original_application_version` (attribute 19): the app version first downloaded.
    public var originalApplicationVersion: String?
    /// `expiration_date` (attribute 21): only for Volume Purchase Program receipts.
    public var expirationDate: Timestamp?
    /// `in_app` (attributes 17), in the order they appear in the receipt.
    public var inApp: [AppReceiptInAppPurchase]
    /// Attributes this decoder does not map to a property, verbatim, in receipt order.
    public var unknownAttributes: [AppReceiptAttribute]

    public init(
        receiptType: AppReceiptType? = nil,
        appItemId: Int64? = nil,
        bundleId: String? = nil,
        applicationVersion: String? = nil,
        opaqueValue: [UInt8]? = nil,
        sha1Hash: [UInt8]? = nil,
        ageRating: String? = nil,
        receiptCreationDate: Timestamp? = nil,
        downloadId: Int64? = nil,
        versionExternalIdentifier: Int64? = nil,
        originalPurchaseDate: Timestamp? = nil,
        originalApplicationVersion: String? = nil,
        expirationDate: Timestamp? = nil,
        inApp: [AppReceiptInAppPurchase] = [],
        unknownAttributes: [AppReceiptAttribute] = []
    ) {
        self.receiptType = receiptType
        self.appItemId = appItemId
        self.bundleId = bundleId
        self.applicationVersion = applicationVersion
        self.opaqueValue = opaqueValue
        self.sha1Hash = sha1Hash
        self.ageRating = ageRating
        self.receiptCreationDate = receiptCreationDate
        self.downloadId = downloadId
        self.versionExternalIdentifier = versionExternalIdentifier
        self.originalPurchaseDate = originalPurchaseDate
        self.originalApplicationVersion = originalApplicationVersion
        self.expirationDate = expirationDate
        self.inApp = inApp
        self.unknownAttributes = unknownAttributes
    }

    /// The environment derived from ``receiptType`` (`nil` when absent or unknown).
    public var environment: AppStoreEnvironment? { receiptType?.environment }
}
