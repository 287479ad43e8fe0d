/// The answer to a correction: the order after it, whether anything changed (a redelivery of a
/// delivered order changes nothing), and the order's customer as the app now sees them.
public struct OrderCorrectionResponse: Codable, Sendable, Hashable {
    public var action: String
    public var changed: Bool
    public var order: AdminOrderBody
    /// Transactions the correction recorded for the first time (an attach Apple answered).
    public var recordedTransactionIds: [String]
    public var customer: CustomerBody

    public init(action: String, changed: Bool, order: AdminOrderBody, recordedTransactionIds: [String], customer: CustomerBody) {
        self.action = action
        self.changed = changed
        self.order = order
        self.recordedTransactionIds = recordedTransactionIds
        self.customer = customer
    }
}
