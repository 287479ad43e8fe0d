/// The decoded iOS 7-style app receipt in a verifyReceipt response (`receipt`): the app, its
/// download, and every In-App Purchase in `in_app`.
public struct VerifyReceiptAppReceipt: Hashable, Sendable, Codable {
    /// The environment and channel of the receipt (`Production`, `ProductionSandbox`, ...).
    public var receiptType: ReceiptType?
    /// The same value as `app_item_id` (a JSON number; 0 in sandbox).
    public var adamId: FlexibleInt64?
    /// The App Store's identifier of the app (production only; 0 in sandbox).
    public var appItemId: FlexibleInt64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The app version (CFBundleVersion on iOS, CFBundleShortVersionString on macOS).
    public var applicationVersion: String?
    /// The identifier of the app download transaction.
    public var downloadId: FlexibleInt64?
    /// The App Store's identifier of the app version (0 in sandbox).
    public var versionExternalIdentifier: FlexibleInt64?
    /// When the App Store generated the receipt, as Apple's formatted UTC date (`yyyy-MM-dd
    /// HH:mm:ss Etc/GMT`).
    public var receiptCreationDate: AppleFormattedDate?
    /// When the App Store generated the receipt, in milliseconds since 1970 (a string of digits);
    /// use this for processing.
    public var receiptCreationDateMs: FlexibleTimestamp?
    /// When the App Store generated the receipt, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var receiptCreationDatePst: AppleFormattedDate?
    /// When the verifyReceipt request was processed, as Apple's formatted UTC date (`yyyy-MM-dd
    /// HH:mm:ss Etc/GMT`).
    public var requestDate: AppleFormattedDate?
    /// When the verifyReceipt request was processed, in milliseconds since 1970 (a string of
    /// digits); use this for processing.
    public var requestDateMs: FlexibleTimestamp?
    /// When the verifyReceipt request was processed, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var requestDatePst: AppleFormattedDate?
    /// When the customer originally acquired the app, as Apple's formatted UTC date (`yyyy-MM-dd
    /// HH:mm:ss Etc/GMT`).
    public var originalPurchaseDate: AppleFormattedDate?
    /// When the customer originally acquired the app, in milliseconds since 1970 (a string of
    /// digits); use this for processing.
    public var originalPurchaseDateMs: FlexibleTimestamp?
    /// When the customer originally acquired the app, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var originalPurchaseDatePst: AppleFormattedDate?
    /// The app version the customer originally acquired (`"1.0"` in sandbox).
    public var originalApplicationVersion: String?
    /// When a Volume Purchase Program receipt expires, as Apple's formatted UTC date (`yyyy-MM-dd
    /// HH:mm:ss Etc/GMT`).
    public var expirationDate: AppleFormattedDate?
    /// When a Volume Purchase Program receipt expires, in milliseconds since 1970 (a string of
    /// digits); use this for processing.
    public var expirationDateMs: FlexibleTimestamp?
    /// When a Volume Purchase Program receipt expires, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var expirationDatePst: AppleFormattedDate?
    /// When the customer pre-ordered the app, as Apple's formatted UTC date (`yyyy-MM-dd HH:mm:ss
    /// Etc/GMT`).
    public var preorderDate: AppleFormattedDate?
    /// When the customer pre-ordered the app, in milliseconds since 1970 (a string of digits); use
    /// this for processing.
    public var preorderDateMs: FlexibleTimestamp?
    /// When the customer pre-ordered the app, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var preorderDatePst: AppleFormattedDate?
    /// The In-App Purchases in the receipt (not in chronological order; finished consumables drop
    /// out).
    public var inApp: [ReceiptTransactionInfo]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        receiptType: ReceiptType? = nil,
        adamId: FlexibleInt64? = nil,
        appItemId: FlexibleInt64? = nil,
        bundleId: String? = nil,
        applicationVersion: String? = nil,
        downloadId: FlexibleInt64? = nil,
        versionExternalIdentifier: FlexibleInt64? = nil,
        receiptCreationDate: AppleFormattedDate? = nil,
        receiptCreationDateMs: FlexibleTimestamp? = nil,
        receiptCreationDatePst: AppleFormattedDate? = nil,
        requestDate: AppleFormattedDate? = nil,
        requestDateMs: FlexibleTimestamp? = nil,
        requestDatePst: AppleFormattedDate? = nil,
        originalPurchaseDate: AppleFormattedDate? = nil,
        originalPurchaseDateMs: FlexibleTimestamp? = nil,
        originalPurchaseDatePst: AppleFormattedDate? = nil,
        originalApplicationVersion: String? = nil,
        expirationDate: AppleFormattedDate? = nil,
        expirationDateMs: FlexibleTimestamp? = nil,
        expirationDatePst: AppleFormattedDate? = nil,
        preorderDate: AppleFormattedDate? = nil,
        preorderDateMs: FlexibleTimestamp? = nil,
        preorderDatePst: AppleFormattedDate? = nil,
        inApp: [ReceiptTransactionInfo]? = nil
    ) {
        self.receiptType = receiptType
        self.adamId = adamId
        self.appItemId = appItemId
        self.bundleId = bundleId
        self.applicationVersion = applicationVersion
        self.downloadId = downloadId
        self.versionExternalIdentifier = versionExternalIdentifier
        self.receiptCreationDate = receiptCreationDate
        self.receiptCreationDateMs = receiptCreationDateMs
        self.receiptCreationDatePst = receiptCreationDatePst
        self.requestDate = requestDate
        self.requestDateMs = requestDateMs
        self.requestDatePst = requestDatePst
        self.originalPurchaseDate = originalPurchaseDate
        self.originalPurchaseDateMs = originalPurchaseDateMs
        self.originalPurchaseDatePst = originalPurchaseDatePst
        self.originalApplicationVersion = originalApplicationVersion
        self.expirationDate = expirationDate
        self.expirationDateMs = expirationDateMs
        self.expirationDatePst = expirationDatePst
        self.preorderDate = preorderDate
        self.preorderDateMs = preorderDateMs
        self.preorderDatePst = preorderDatePst
        self.inApp = inApp
    }

    enum CodingKeys: String, CodingKey {
        case receiptType = "receipt_type"
        case adamId = "adam_id"
        case appItemId = "app_item_id"
        case bundleId = "bundle_id"
        case applicationVersion = "application_version"
        case downloadId = "download_id"
        case versionExternalIdentifier = "version_external_identifier"
        case receiptCreationDate = "receipt_creation_date"
        case receiptCreationDateMs = "receipt_creation_date_ms"
        case receiptCreationDatePst = "receipt_creation_date_pst"
        case requestDate = "request_date"
        case requestDateMs = "request_date_ms"
        case requestDatePst = "request_date_pst"
        case originalPurchaseDate = "original_purchase_date"
        case originalPurchaseDateMs = "original_purchase_date_ms"
        case originalPurchaseDatePst = "original_purchase_date_pst"
        case originalApplicationVersion = "original_application_version"
        case expirationDate = "expiration_date"
        case expirationDateMs = "expiration_date_ms"
        case expirationDatePst = "expiration_date_pst"
        case preorderDate = "preorder_date"
        case preorderDateMs = "preorder_date_ms"
        case preorderDatePst = "preorder_date_pst"
        case inApp = "in_app"
    }
}
