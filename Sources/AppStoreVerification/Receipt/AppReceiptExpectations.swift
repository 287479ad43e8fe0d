public import AppStoreModels

/// What a verified app receipt must be bound to. `nil` means "not checked".
public struct AppReceiptExpectations: Hashable, Sendable {
    /// The app's bundle identifier; a receipt for another app fails with `wrongBundleId`.
    public var bundleId: String?
    /// The app's Apple ID (`adam_id` / `app_item_id`). A production receipt must carry exactly
    /// this value; a sandbox or Xcode receipt may carry 0 (Apple writes 0 there) or this value.
    /// A mismatch fails with `wrongAppAppleId`.
    public var appAppleId: Int64?
    /// The environments accepted (derived from `receipt_type`); another or an unknown
    /// environment fails with `wrongEnvironment`, a receipt without `receipt_type` with
    /// `missingField`.
    public var environments: Set<AppStoreEnvironment>?

    public init(bundleId: String? = nil, appAppleId: Int64? = nil, environments: Set<AppStoreEnvironment>? = nil) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environments = environments
    }

    /// No binding: signature and certificate chain only.
    public static let none = AppReceiptExpectations()

    func check(_ receipt: AppReceipt) throws(VerificationError) {
        if let expected = bundleId {
            guard let actual = receipt.bundleId else { throw .missingField("receipt has no bundle_id (attribute 2)") }
            guard actual == expected else {
                throw .wrongBundleId("receipt is for bundle \"\(actual)\", expected \"\(expected)\"")
            }
        }
        if let accepted = environments {
            guard let type = receipt.receiptType else {
                throw .missingField("receipt has no receipt_type (attribute 0)")
            }
            guard let derived = type.environment, accepted.contains(derived) else {
                throw .wrongEnvironment("receipt_type \"\(type.rawValue)\" is not an accepted environment")
            }
        }
        if let expected = appAppleId {
            let actual = receipt.appItemId ?? 0
            // An unknown environment is treated like production: the stricter rule.
            let isProduction = receipt.environment == nil || receipt.environment == .production
            let matches = actual == expected || (!isProduction && actual == 0)
            guard matches else {
                throw .wrongAppAppleId("receipt is for app Apple ID \(actual), expected \(expected)")
            }
        }
    }
}
