/// A `latest_receipt_info` (or `latest_expired_receipt_info`) value, which Apple sends as an
/// array of transactions for iOS 7-style receipts and as a single transaction object for iOS
/// 6-style receipts and in the deprecated fields of version 1 notifications.
///
/// Decoding takes an array as ``transactions(_:)`` and an object as ``legacy(_:)``; any other
/// JSON type throws a `DecodingError`. Encoding writes the same shape back.
public enum LatestReceiptInfo: Hashable, Sendable, Codable {
    /// iOS 7 style: the latest transactions, one per purchase or renewal.
    case transactions([ReceiptTransactionInfo])
    /// iOS 6 style: one transaction object.
    case legacy(LegacyTransactionReceipt)

    /// The iOS 7-style transactions, or an empty array for the iOS 6 form.
    public var transactions: [ReceiptTransactionInfo] {
        if case .transactions(let transactions) = self { return transactions }
        return []
    }

    /// The iOS 6-style transaction, or `nil` for the iOS 7 form.
    public var legacyTransaction: LegacyTransactionReceipt? {
        if case .legacy(let transaction) = self { return transaction }
        return nil
    }

    /// Decodes an array as ``transactions(_:)`` and an object as ``legacy(_:)``.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var transactions: [ReceiptTransactionInfo] = []
            if let count = array.count { transactions.reserveCapacity(count) }
            while !array.isAtEnd {
                transactions.append(try array.decode(ReceiptTransactionInfo.self))
            }
            self = .transactions(transactions)
        } else {
            self = .legacy(try LegacyTransactionReceipt(from: decoder))
        }
    }

    /// Encodes the same shape that was decoded.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .transactions(let transactions):
            var array = encoder.unkeyedContainer()
            for transaction in transactions { try array.encode(transaction) }
        case .legacy(let transaction):
            try transaction.encode(to: encoder)
        }
    }
}
