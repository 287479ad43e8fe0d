/// `POST /v1/apps/{app}/customers/{customer}/restore`: 1–100 signed transactions, or an app receipt.
public struct RestoreRequest: Codable, Sendable, Hashable {
    public var signedTransactions: [String]?
    public var appReceipt: String?

    public init(signedTransactions: [String]? = nil, appReceipt: String? = nil) {
        self.signedTransactions = signedTransactions
        self.appReceipt = appReceipt
    }
}
