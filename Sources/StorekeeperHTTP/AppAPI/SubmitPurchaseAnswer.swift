package import Storekeeper
package import StorekeeperAPIModels

/// ``SubmitPurchaseResponse`` as the purchase route writes it: the customer straight from the
/// domain view's own JSON writer (`CustomerView` is `JSONWritable`) rather than converted to a
/// `CustomerBody` and encoded field by field. The purchase answer is the busiest encode of the
/// write path; the bytes are the wire model's (`SubmitPurchaseAnswerTests`).
package struct SubmitPurchaseAnswer: Encodable, Sendable {
    package let status: String
    package let transactionIds: [String]
    package let order: OrderBody?
    package let customer: CustomerView

    package init(status: String, transactionIds: [String], order: OrderBody?, customer: CustomerView) {
        self.status = status
        self.transactionIds = transactionIds
        self.order = order
        self.customer = customer
    }
}
