import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// Ties what a customer did after a retention answer to the answer: applied in the same
/// transaction as the notification that shows it, on the latest answered request about the
/// subscription within the attribution window that has no outcome yet, and written on the
/// customer's timeline (`retention.outcome`).
enum RetentionAttribution {
    static func attribute(
        _ fact: SubscriptionFact, reference: String, now: Timestamp,
        in tx: any RetentionStoreWriter & AuditStoreWriter
    ) async throws {
        guard let notification = fact.notification,
            [.offerRedeemed, .didChangeRenewalPref, .didChangeRenewalStatus].contains(notification.type),
            let request = try await tx.openRetentionRequest(
                environment: fact.environment, originalTransactionId: fact.originalTransactionId,
                since: fact.signedDate.adding(milliseconds: -RetentionOutcome.attributionWindowMilliseconds))
        else { return }
        let autoRenewProductId = fact.renewalInfo?.autoRenewProductId ?? fact.transaction?.productId
        guard
            let outcome = RetentionOutcome.attribute(
                answerKind: request.answerKind, offerId: request.offerId, alternateProductId: request.alternateProductId,
                type: notification.type, subtype: notification.subtype,
                offerIdentifier: fact.renewalInfo?.offerIdentifier ?? fact.transaction?.offerIdentifier,
                autoRenewProductId: autoRenewProductId),
            try await tx.recordRetentionOutcome(request.requestIdentifier, outcome: outcome, at: now, fact: reference)
        else { return }
        var details = ["outcome": outcome.rawValue, "answer": request.answerKind.rawValue]
        details["rule"] = request.ruleId
        details["offerId"] = request.offerId
        details["alternateProductId"] = request.alternateProductId
        try await tx.append(
            AuditEvent(
                customerId: request.customerId, kind: "retention.outcome", actor: .apple,
                subject: "\(fact.environment.rawValue):\(fact.originalTransactionId)",
                fact: reference, details: details, appId: request.appId, createdAt: now))
    }
}
