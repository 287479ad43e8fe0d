/// The `receipt` of a verifyReceipt response, in whichever style the receipt was: an iOS 7-style
/// app receipt (`bundle_id`, `in_app`, ...) or an iOS 6-style transaction receipt (`bid`,
/// `item_id`, `transaction_id`, ...).
///
/// Decoding looks at the keys present: a receipt with any of `in_app`, `bundle_id`,
/// `receipt_type`, `adam_id`, `receipt_creation_date_ms` is an app receipt; any other object is a
/// transaction receipt. Encoding writes the wrapped value unchanged.
public enum VerifyReceiptReceipt: Hashable, Sendable, Codable {
    /// An iOS 7-style app receipt.
    case appReceipt(VerifyReceiptAppReceipt)
    /// An iOS 6-style transaction receipt.
    case transactionReceipt(LegacyTransactionReceipt)

    /// Keys that only an iOS 7-style app receipt has.
    private enum AppReceiptMarker: String, CodingKey, CaseIterable {
        case inApp = "in_app"
        case bundleId = "bundle_id"
        case receiptType = "receipt_type"
        case adamId = "adam_id"
        case receiptCreationDateMs = "receipt_creation_date_ms"
    }

    /// Decodes an app receipt or a transaction receipt, chosen by the keys present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AppReceiptMarker.self)
        if AppReceiptMarker.allCases.contains(where: container.contains) {
            self = .appReceipt(try VerifyReceiptAppReceipt(from: decoder))
        } else {
            self = .transactionReceipt(try LegacyTransactionReceipt(from: decoder))
        }
    }

    /// Encodes the wrapped receipt unchanged.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .appReceipt(let receipt): try receipt.encode(to: encoder)
        case .transactionReceipt(let receipt): try receipt.encode(to: encoder)
        }
    }
}
