public import AppStoreModels

/// An app receipt whose PKCS#7 signature verified under a trusted chain, with the decoded payload.
public struct VerifiedAppReceipt: Hashable, Sendable {
    /// The decoded payload.
    public var receipt: AppReceipt
    /// The environment derived from `receipt_type` (`nil` when absent or unknown).
    public var environment: AppStoreEnvironment?
    /// The instant certificate validity was judged at: the receipt creation date.
    public var signedDate: Timestamp
    /// The digest the signer used: "SHA-1" (receipts signed under WWDR G1) or "SHA-256".
    public var digestAlgorithm: String
    /// The window in which every certificate of the chain is valid.
    public var chainValidity: ClosedRange<Timestamp>

    public init(
        receipt: AppReceipt,
        environment: AppStoreEnvironment?,
        signedDate: Timestamp,
        digestAlgorithm: String,
        chainValidity: ClosedRange<Timestamp>
    ) {
        self.receipt = receipt
        self.environment = environment
        self.signedDate = signedDate
        self.digestAlgorithm = digestAlgorithm
        self.chainValidity = chainValidity
    }
}
