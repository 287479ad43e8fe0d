/// The JSON body POSTed to the legacy `verifyReceipt` endpoint
/// (`https://buy.itunes.apple.com/verifyReceipt`, sandbox
/// `https://sandbox.itunes.apple.com/verifyReceipt`).
///
/// `password` is your app's shared secret; ``description`` redacts it.
public struct VerifyReceiptRequest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The Base64-encoded receipt.
    public var receiptData: String
    /// Your app's shared secret (hexadecimal); required for receipts with subscriptions.
    public var password: String?
    /// `true` to get only the latest renewal of each subscription in `latest_receipt_info`.
    public var excludeOldTransactions: Bool?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        receiptData: String,
        password: String? = nil,
        excludeOldTransactions: Bool? = nil
    ) {
        self.receiptData = receiptData
        self.password = password
        self.excludeOldTransactions = excludeOldTransactions
    }

    enum CodingKeys: String, CodingKey {
        case receiptData = "receipt-data"
        case password = "password"
        case excludeOldTransactions = "exclude-old-transactions"
    }

    /// A log-safe summary: the receipt length and whether a shared secret is set, never its value.
    public var description: String {
        "VerifyReceiptRequest(receiptData: \(receiptData.count) characters, password: "
            + (password == nil ? "nil" : "<redacted>")
            + ", excludeOldTransactions: \(excludeOldTransactions.map(String.init) ?? "nil"))"
    }
}
