package import AppStoreModels
import AppStoreVerification
import Foundation
import Storekeeper
package import StorekeeperStore

/// Answers the App Store's real-time Get Retention Message requests for one app.
///
/// The request is verified like a notification (Apple's chain, judged at its `signedDate`; the
/// app's Apple ID and environments), refused when stale or replayed (its `requestIdentifier` is
/// stored once), and answered from one store transaction: the app's rules, the subscription and
/// its transactions are read, ``RetentionDecider`` decides, an offer is signed with the app's
/// offer key, and the request, its answer and a timeline event are written. Nothing on this path
/// calls Apple.
package struct RetentionAnswerer: Sendable {
    package let store: any PurchaseStore
    package let runtime: AppRuntime
    package let now: any WallClock

    package init(store: any PurchaseStore, runtime: AppRuntime, now: any WallClock) {
        self.store = store
        self.runtime = runtime
        self.now = now
    }

    /// How far a request's `signedDate` may be from now: Apple waits 700 ms for the answer, so
    /// anything older than this is a captured request sent again.
    package static let freshness: Int64 = 5 * 60_000

    package struct Answered: Sendable {
        package var body: RealtimeResponseBody
        package var record: RetentionRequestRecord
    }

    package func answer(_ body: [UInt8]) async throws -> Answered {
        let clock = ContinuousClock()
        let started = clock.now
        let request: DecodedRealtimeRequestBody
        do {
            request = try runtime.signedData.verifyRealtimeRequestBody(body)
        } catch {
            throw StorekeeperError(
                .retentionRequestUnverified, "the real-time request does not verify", kind: .rejected,
                verificationCode: error.code.rawValue, cause: error.description)
        }
        guard let id = request.requestIdentifier, let originalTransactionId = request.originalTransactionId,
            let productId = request.productId, let signedDate = request.signedDate, let environment = request.environment
        else { throw StorekeeperError.invalidRequest("the real-time request lacks a field Apple always sends") }
        let now = now()
        guard abs(now.millisecondsSince1970 - signedDate.millisecondsSince1970) <= Self.freshness else {
            throw StorekeeperError(
                .retentionRequestStale, "the real-time request was signed at \(signedDate.millisecondsSince1970), too far from now",
                kind: .rejected)
        }
        let app = runtime.config
        return try await store.write { tx -> Answered in
            if try await tx.retentionRequest(id) != nil { throw Self.replayed(id) }
            let rules = try await tx.retentionSettings(appId: app.id)?.rules ?? []
            let subscription = try await tx.subscription(environment: environment, originalTransactionId: originalTransactionId)
            let stored = try await tx.transactions(environment: environment, originalTransactionId: originalTransactionId)
            var decision: RetentionDecider.Decision
            if subscription == nil && stored.isEmpty {
                decision = .init(ruleId: nil, answer: RetentionAnswerTemplate(kind: .defaultMessage), reason: "unknownSubscription")
            } else {
                decision = RetentionDecider.decide(
                    RetentionSnapshot(productId: productId, phase: subscription?.phase, transactions: stored.map(\.transaction)),
                    rules: rules, catalog: app.catalog)
            }
            var response = RealtimeResponseBody()
            do {
                response = try RetentionResponse.body(
                    for: decision.answer, app: app, originalTransactionId: originalTransactionId, productId: productId,
                    appAccountToken: stored.map(\.transaction).max { $0.purchaseDate < $1.purchaseDate }?.appAccountToken,
                    at: now)
            } catch {
                decision = .init(ruleId: decision.ruleId, answer: RetentionAnswerTemplate(kind: .defaultMessage), reason: "noOfferKey")
            }
            let customerId = subscription?.customerId ?? stored.first?.customerId
            let record = RetentionRequestRecord(
                requestIdentifier: id, appId: app.id, environment: environment, originalTransactionId: originalTransactionId,
                customerId: customerId, productId: productId, locale: request.userLocale ?? "", ruleId: decision.ruleId,
                answerKind: decision.answer.kind,
                messageIdentifier: decision.answer.kind == .defaultMessage ? nil : decision.answer.messageIdentifier,
                alternateProductId: decision.answer.kind == .alternateProduct ? decision.answer.productId : nil,
                offerId: decision.answer.kind == .promotionalOffer ? decision.answer.offerId : nil, reason: decision.reason,
                signedDate: signedDate, receivedAt: now, serverMicroseconds: Self.microseconds(clock.now - started))
            guard try await tx.insertRetentionRequest(record) else { throw Self.replayed(id) }
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "retention.answered", actor: .apple,
                    subject: "\(environment.rawValue):\(originalTransactionId)", fact: "retention:\(id.lowercasedString)",
                    details: RetentionResponse.details(record), appId: app.id, createdAt: now))
            return Answered(body: response, record: record)
        }
    }

    static func replayed(_ id: UUID) -> StorekeeperError {
        StorekeeperError(
            .retentionRequestReplayed, "the real-time request \(id.lowercasedString) was answered before", kind: .conflict)
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
