/// The response of Get App Transaction Info (`GET
/// /inApps/v1/transactions/appTransactions/{transactionId}`).
public struct AppTransactionInfoResponse: Hashable, Sendable, Codable {
    /// The app transaction, signed by the App Store (JWS of an ``AppTransaction``).
    public var signedAppTransactionInfo: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(signedAppTransactionInfo: String? = nil) {
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }
}
