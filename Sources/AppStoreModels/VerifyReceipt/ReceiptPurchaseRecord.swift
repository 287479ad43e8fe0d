/// A receipt transaction of either style (``ReceiptTransactionInfo``, ``LegacyTransactionReceipt``):
/// its shared ``ReceiptPurchase`` fields read and written as its own (`record.productId`).
@dynamicMemberLookup
public protocol ReceiptPurchaseRecord {
    /// The product, identifiers, purchase and refund dates, and offer flags.
    var purchase: ReceiptPurchase { get set }
}

extension ReceiptPurchaseRecord {
    /// A field of the shared ``purchase``.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ReceiptPurchase, Value>) -> Value {
        get { purchase[keyPath: keyPath] }
        set { purchase[keyPath: keyPath] = newValue }
    }

    /// A value derived from the shared ``purchase`` (`record.cancellationTimestamp`).
    public subscript<Value>(dynamicMember keyPath: KeyPath<ReceiptPurchase, Value>) -> Value {
        purchase[keyPath: keyPath]
    }
}
