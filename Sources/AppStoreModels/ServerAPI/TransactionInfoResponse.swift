/// The response of Get Transaction Info (`GET /inApps/v1/transactions/{transactionId}`).
public struct TransactionInfoResponse: Hashable, Sendable, Codable {
    /// The transaction, signed by the App Store (JWS of a ``JWSTransactionDecodedPayload``).
    public var signedTransactionInfo: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(signedTransactionInfo: String? = nil) {
        self.signedTransactionInfo = signedTransactionInfo
    }
}
