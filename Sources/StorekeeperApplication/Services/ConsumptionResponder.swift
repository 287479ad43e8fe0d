package import AppStoreModels
import Foundation
package import Storekeeper

/// Answers CONSUMPTION_REQUEST notifications: builds the consumption data from what Storekeeper
/// knows and queues it in the outbox (sent to Apple by `OutboxDispatcher` before Apple's
/// 12-hour deadline). Without the customer's consent nothing is sent, as Apple requires (it
/// rejects `customerConsented` other than `true`, and asks apps not to respond without consent);
/// the refusal is recorded (``ConsumptionRefusal``) and the decision audited either way.
package struct ConsumptionResponder: Sendable {
    package let app: AppConfiguration

    /// The aggregates answering a request touches: what the answer reports (the customer, the
    /// ledger, the transactions), the outbox that sends it, a refusal's record and the audit.
    package typealias Aggregates =
        ConsumptionRefusalStoreWriter & AuditStoreWriter & OutboxStoreWriter & CustomerStoreReader & LedgerStoreReader
        & TransactionStoreReader

    /// Apple waits 12 hours for an answer.
    package static let deadlineMilliseconds: Int64 = 12 * 3_600_000
    /// Outbox destination of consumption answers for one app.
    package static func destination(appId: String) -> String { "apple:consumption:" + appId }

    /// What the outbox message carries: both body versions and where to send them.
    package struct Message: Codable {
        package var environment: String
        package var transactionId: String
        package var requestedAt: Timestamp
        package var current: ConsumptionRequest
        package var original: ConsumptionRequestV1
    }

    package func queueAnswer(
        to request: ConsumptionRequestFact, reference: String, now: Timestamp, in tx: any ConsumptionResponder.Aggregates
    ) async throws {
        let transaction = request.transaction
        // Another app's customer is not this app's to describe to Apple.
        let owner = try await tx.owner(environment: transaction.environment, originalTransactionId: transaction.originalTransactionId)
            .flatMap { app.owns($0) ? $0 : nil }
        let customer = try await owner.asyncMap { try await tx.customer($0) } ?? nil
        let stored = try await tx.transaction(environment: transaction.environment, transactionId: transaction.transactionId)
        let product = app.catalog[transaction.productId]
        var credited: Int64 = 0
        var balance: Int64 = 0
        if let owner, let (currency, amount) = product?.currencies.sorted(by: { $0.key < $1.key }).first {
            credited = amount * Int64(max(1, transaction.quantity))
            balance = try await tx.balance(.customer(owner, currency))
        }
        let purchases = try await owner.asyncMap { try await tx.transactions(customerId: $0, limit: 1000).map(\.transaction) } ?? []
        let report = ConsumptionReport(
            .init(
                transaction: transaction, product: product, customer: customer, delivered: stored != nil && owner != nil,
                credited: credited, balance: balance, purchases: purchases, refundPreference: app.consumption.refundPreference,
                sampleContentProvided: app.consumption.sampleContentProvided, now: now))
        let subject = "\(transaction.environment.rawValue):\(transaction.transactionId)"
        guard report.current.customerConsented else {
            // Apple refuses consumption data without `customerConsented` true: nothing is sent.
            // The refusal is kept for the operators' consumption view, once per notification.
            _ = try await tx.recordConsumptionRefusal(
                ConsumptionRefusal(
                    appId: app.id, notification: reference, environment: transaction.environment,
                    transactionId: transaction.transactionId, customerId: owner, requestedAt: request.signedDate,
                    deadline: request.signedDate.adding(milliseconds: Self.deadlineMilliseconds), createdAt: now,
                    reason: ConsumptionRefusal.noConsent))
            try await tx.append(
                AuditEvent(
                    customerId: owner, kind: "consumption.notAnswered", actor: .apple, subject: subject, fact: reference,
                    details: ["reason": "customer has not consented to share consumption data"], createdAt: now))
            return
        }
        let message = Message(
            environment: transaction.environment.rawValue, transactionId: transaction.transactionId,
            requestedAt: request.signedDate, current: report.current, original: report.original)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try await tx.enqueueOutbox(
            OutboxMessage(
                destination: Self.destination(appId: app.id), kind: "consumption.answer", customerId: owner,
                payload: try encoder.encode(message),
                createdAt: now, deadline: request.signedDate.adding(milliseconds: Self.deadlineMilliseconds)))
        try await tx.append(
            AuditEvent(
                customerId: owner, kind: "consumption.queued", actor: .apple, subject: subject, fact: reference,
                details: [
                    "deliveryStatus": report.current.deliveryStatus.rawValue,
                    "consumptionPercentage": report.current.consumptionPercentage.map(String.init) ?? "",
                    "reason": request.reason?.rawValue ?? "",
                ], createdAt: now))
    }
}

extension Optional {
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
