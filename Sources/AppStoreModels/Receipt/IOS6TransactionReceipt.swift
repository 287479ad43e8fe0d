/// A decoded iOS 6-style transaction receipt (`SKPaymentTransaction.transactionReceipt`).
///
/// The receipt is base64 of an old-style ASCII property list
/// `{ "signature" = "..."; "purchase-info" = "..."; "environment" = "Sandbox"; "pod" = "100";
/// "signing-status" = "0"; }`, where `purchase-info` is base64 of a second such dictionary
/// describing one transaction. Every key/value of both dictionaries is kept verbatim in
/// ``outerFields`` and ``purchaseInfoFields``; the typed properties are conveniences over them.
///
/// Decoding does **not** establish authenticity: see `IOS6TransactionReceiptParser` in
/// `AppStoreVerification` for what is and is not checked locally.
public struct IOS6TransactionReceipt: Hashable, Sendable {
    /// Every key of the outer dictionary, verbatim (`signature`, `purchase-info`, `environment`,
    /// `pod`, `signing-status`, ...).
    public var outerFields: [String: String]
    /// Every key of the decoded `purchase-info` dictionary, verbatim.
    public var purchaseInfoFields: [String: String]
    /// The base64-decoded `purchase-info` bytes (the property list text Apple signed).
    public var purchaseInfo: [UInt8]
    /// The base64-decoded `signature` blob.
    public var signature: [UInt8]

    public init(
        outerFields: [String: String],
        purchaseInfoFields: [String: String],
        purchaseInfo: [UInt8],
        signature: [UInt8]
    ) {
        self.outerFields = outerFields
        self.purchaseInfoFields = purchaseInfoFields
        self.purchaseInfo = purchaseInfo
        self.signature = signature
    }

    /// `environment` of the outer dictionary ("Sandbox"); Apple omits it in production.
    public var environmentName: String? { outerFields["environment"] }

    /// The environment: ``AppStoreEnvironment/sandbox`` when `environment` = "Sandbox",
    /// ``AppStoreEnvironment/production`` when the key is absent, the raw value otherwise.
    public var environment: AppStoreEnvironment {
        guard let name = environmentName else { return .production }
        return name == "Sandbox" ? .sandbox : AppStoreEnvironment(rawValue: name)
    }

    public var transactionId: String? { purchaseInfoFields["transaction-id"] }
    public var originalTransactionId: String? { purchaseInfoFields["original-transaction-id"] }
    public var productId: String? { purchaseInfoFields["product-id"] }
    /// `bid`: the app's bundle identifier.
    public var bundleId: String? { purchaseInfoFields["bid"] }
    /// `bvrs`: the app's bundle version.
    public var bundleVersion: String? { purchaseInfoFields["bvrs"] }
    public var quantity: Int64? { purchaseInfoFields["quantity"].flatMap { Int64($0) } }
    /// `app-item-id`: the app's Apple ID (absent in sandbox).
    public var appItemId: Int64? { purchaseInfoFields["app-item-id"].flatMap { Int64($0) } }
    /// `item-id`: the in-app product's Apple ID.
    public var itemId: Int64? { purchaseInfoFields["item-id"].flatMap { Int64($0) } }
    public var versionExternalIdentifier: Int64? {
        purchaseInfoFields["version-external-identifier"].flatMap { Int64($0) }
    }
    public var webOrderLineItemId: Int64? {
        purchaseInfoFields["web-order-line-item-id"].flatMap { Int64($0) }
    }
    public var uniqueIdentifier: String? { purchaseInfoFields["unique-identifier"] }
    public var uniqueVendorIdentifier: String? { purchaseInfoFields["unique-vendor-identifier"] }
    /// `purchase-date-ms`.
    public var purchaseDate: Timestamp? { Self.milliseconds(purchaseInfoFields["purchase-date-ms"]) }
    /// `original-purchase-date-ms`.
    public var originalPurchaseDate: Timestamp? {
        Self.milliseconds(purchaseInfoFields["original-purchase-date-ms"])
    }
    /// `expires-date` (milliseconds since 1970 in iOS 6 auto-renewable subscription receipts).
    public var expiresDate: Timestamp? { Self.milliseconds(purchaseInfoFields["expires-date"]) }
    /// `cancellation-date-ms`, when Apple reports a cancellation.
    public var cancellationDate: Timestamp? { Self.milliseconds(purchaseInfoFields["cancellation-date-ms"]) }
    /// `is-trial-period` ("true" / "false").
    public var isTrialPeriod: Bool? { purchaseInfoFields["is-trial-period"].flatMap { Bool($0) } }

    private static func milliseconds(_ text: String?) -> Timestamp? {
        guard let text, let value = Int64(text) else { return nil }
        return Timestamp(millisecondsSince1970: value)
    }
}
