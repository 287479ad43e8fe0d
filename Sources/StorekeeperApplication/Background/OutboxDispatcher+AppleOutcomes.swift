import AppStoreAPI
package import AppStoreModels
package import Foundation
package import Storekeeper

extension OutboxDispatcher {
    /// Sets the app account token of a purchase at Apple, for one app (``AppAccountTokenUpdate``).
    package protocol AppAccountTokenSetting: Sendable {
        func setAppAccountToken(_ token: UUID, environment: AppStoreEnvironment, originalTransactionId: String) async throws
    }

    /// Finishes a transaction at Apple, for one app (``TransactionFinish``).
    package protocol TransactionFinishing: Sendable {
        func finishTransaction(environment: AppStoreEnvironment, transactionId: String) async throws
    }

    /// Which of Apple's calls `message` makes, when it makes one whose refusals can be final.
    static func appleCall(_ message: OutboxMessage) -> AppleRefusal.Call? {
        if message.destination.hasPrefix(consumptionPrefix) { return .sendConsumption }
        if message.destination.hasPrefix(AppAccountTokenUpdate.prefix) { return .setAppAccountToken }
        if message.destination.hasPrefix(TransactionFinish.prefix) { return .finishTransaction }
        return nil
    }

    /// Why Apple's refusal of `message` is final (``AppleRefusal``): `nil` when a retry may still
    /// succeed.
    package static func refusal(of message: OutboxMessage, _ error: any Error) -> String? {
        guard let call = appleCall(message), let apple = error as? AppStoreAPIError else { return nil }
        return AppleRefusal.reason(call, errorCode: apple.errorCode)
    }

    /// The audit event recording how a call to Apple about a customer's purchase ended: a token set
    /// (`appAccountToken.set`), a transaction finished (`transaction.finished`), or a call Apple
    /// refuses for good (`appAccountToken.skipped`, `transaction.finishSkipped`,
    /// `consumption.skipped`). Other outcomes are in the outbox row alone.
    package static func appleOutcome(
        _ message: OutboxMessage, status: OutboxMessage.Status, refusal: String?, at now: Timestamp
    ) -> AuditEvent? {
        guard let call = appleCall(message), status == .delivered || status == .skipped else { return nil }
        let kind: String
        let subject: String?
        let appId: String
        switch call {
        case .setAppAccountToken:
            let update = try? JSONCoding.decode(AppAccountTokenUpdate.self, from: message.payload)
            kind = status == .delivered ? "appAccountToken.set" : "appAccountToken.skipped"
            subject = update?.subject
            appId = String(message.destination.dropFirst(AppAccountTokenUpdate.prefix.count))
        case .finishTransaction:
            let finish = try? JSONCoding.decode(TransactionFinish.self, from: message.payload)
            kind = status == .delivered ? "transaction.finished" : "transaction.finishSkipped"
            subject = finish?.subject
            appId = String(message.destination.dropFirst(TransactionFinish.prefix.count))
        case .sendConsumption:
            guard status == .skipped else { return nil }
            let answer = try? JSONCoding.decode(ConsumptionResponder.Message.self, from: message.payload)
            kind = "consumption.skipped"
            subject = answer.map { "\($0.environment):\($0.transactionId)" }
            appId = String(message.destination.dropFirst(consumptionPrefix.count))
        }
        var details = ["outboxMessage": message.id.lowercasedString, "attempts": String(message.attempts)]
        if let refusal { details["reason"] = refusal }
        return AuditEvent(
            customerId: message.customerId, kind: kind, actor: .job("outbox"), subject: subject, details: details, appId: appId,
            createdAt: now)
    }
}
