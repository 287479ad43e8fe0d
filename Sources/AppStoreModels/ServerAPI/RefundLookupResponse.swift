/// The response of the deprecated Get Refund History V1 (`GET
/// /inApps/v1/refund/lookup/{originalTransactionId}`).
public struct RefundLookupResponse: Hashable, Sendable, Codable {
    /// The refunded transactions (at most 50), each signed by the App Store.
    public var signedTransactions: [String]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(signedTransactions: [String]? = nil) {
        self.signedTransactions = signedTransactions
    }
}
