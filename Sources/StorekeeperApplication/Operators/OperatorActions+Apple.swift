import AppStoreAPI
package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// The actions that go through Apple: renewal-date extensions (one customer, or every
/// subscriber of a product), a resync of one customer, a promotional offer signature. Apple is
/// asked once per idempotency key (its request identifier derives from the key), then what it
/// answered is applied and audited in the key's transaction.
extension OperatorActions {
    package func extensions(_ call: AdminCall) -> ExtensionService {
        ExtensionService(store: store, runtime: call.services.runtime, applier: call.services.notifications.applier)
    }

    /// Extends one subscription of the customer at Apple, then applies Apple's state of it (All
    /// Subscription Statuses) like a status refresh, with the audit event, in one transaction.
    package func extend(
        _ call: AdminCall, _ customerId: CustomerID, _ body: ExtendRequest
    ) async throws -> AdminActionResponse<ExtendResult> {
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        try ExtensionService.validate(days: body.days, reasonCode: body.reasonCode)
        let service = extensions(call)
        let subscription = try await service.subscription(of: customerId, originalTransactionId: body.originalTransactionId)
        let requestIdentifier = AppleSide.requestIdentifier(app: call.app.id, action: "extend", key: key)
        let now = now
        return try await onceAtApple(
            call, key: key, kind: "subscription.extend", request: body,
            perform: { () async throws -> ExtendPerformed in
                let answer = try await service.extend(
                    subscription, days: body.days, reasonCode: body.reasonCode, requestIdentifier: requestIdentifier)
                return ExtendPerformed(answer: answer, facts: try await service.currentState(of: subscription))
            },
            commit: { performed, tx in
                let now = now()
                let stored = try await service.apply(
                    performed.facts, to: subscription, actor: call.actor, reference: "extension:\(requestIdentifier)", now: now,
                    in: tx)
                try await tx.append(
                    call.audit(
                        kind: "subscription.extended", customerId: customerId,
                        subject: "\(subscription.environment.rawValue):\(subscription.originalTransactionId)",
                        fact: "extension:\(requestIdentifier)",
                        details: [
                            "days": String(body.days), "reasonCode": String(body.reasonCode),
                            "effectiveDate": performed.answer.effectiveDate.map { String($0.millisecondsSince1970) } ?? "",
                        ], reason: reason, at: now))
                return ExtendResult(
                    customerId: customerId.rawValue, originalTransactionId: subscription.originalTransactionId,
                    environment: subscription.environment.rawValue, requestIdentifier: requestIdentifier, days: body.days,
                    reasonCode: body.reasonCode, success: performed.answer.success ?? false,
                    effectiveDate: performed.answer.effectiveDate?.millisecondsSince1970,
                    webOrderLineItemId: performed.answer.webOrderLineItemId,
                    subscription: stored.map(SubscriptionSnapshot.init))
            })
    }

    /// What Apple answered an extension, and its state of the subscription afterwards.
    package struct ExtendPerformed: Sendable {
        package var answer: ExtendRenewalDateResponse
        package var facts: [SubscriptionFact]
    }

    /// Asks Apple to extend every active subscriber of a product (an outage's compensation);
    /// Apple works through them and sends each `RENEWAL_EXTENDED`, then a summary.
    package func extendAll(_ call: AdminCall, _ body: MassExtendRequest) async throws -> AdminActionResponse<MassExtensionBody> {
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        try ExtensionService.validate(days: body.days, reasonCode: body.reasonCode)
        let environment = try AppleSide.environment(body.environment, of: call.app)
        let record = MassExtensionRecord(
            appId: call.app.id, requestIdentifier: AppleSide.requestIdentifier(app: call.app.id, action: "extend.mass", key: key),
            environment: environment, productId: body.productId, days: body.days, reasonCode: body.reasonCode,
            storefronts: try ExtensionService.storefronts(body.storefronts), operatorName: call.operator.name, createdAt: now())
        let service = extensions(call)
        return try await onceAtApple(
            call, key: key, kind: "subscription.extendAll", request: body,
            perform: { try await service.massExtend(record) },
            commit: { _, tx in
                _ = try await tx.insertMassExtension(record)
                try await tx.append(
                    call.audit(
                        kind: "subscriptions.extendedAll", subject: "extension:\(record.requestIdentifier)",
                        details: [
                            "productId": record.productId, "days": String(record.days), "reasonCode": String(record.reasonCode),
                            "environment": environment.rawValue,
                            "storefronts": record.storefronts?.joined(separator: ",") ?? "all",
                        ], reason: reason, at: record.createdAt))
                return MassExtensionBody(record)
            })
    }

    /// Asks Apple for the customer's Transaction History and All Subscription Statuses, applies
    /// them like any fact, and answers what changed (`body` already checked).
    package func resync(
        _ call: AdminCall, _ customerId: CustomerID, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<ResyncResult> {
        let service = ResyncService(store: store, runtime: call.services.runtime, applier: call.services.notifications.applier)
        let now = now
        return try await onceAtApple(
            call, key: body.idempotencyKey, kind: "customer.resync",
            request: ResyncRequest(customerId: customerId.rawValue, reason: body.reason),
            perform: { try await service.resync(customerId, actor: call.actor, now: now) },
            commit: { result, tx in
                try await tx.append(
                    call.audit(
                        kind: "customer.resynced", customerId: customerId, fact: "resync:\(customerId.rawValue)",
                        details: [
                            "originalTransactions": String(result.originalTransactionIds.count),
                            "newTransactions": String(result.newTransactions.count),
                            "changedSubscriptions": String(result.changedSubscriptions.count),
                        ], reason: body.reason, at: now()))
                return result
            })
    }

    /// A promotional offer signature for support to hand the customer, through the app's
    /// ``OfferService`` (the same eligibility rule and signatures as the app's own route).
    package func signPromotionalOffer(
        _ call: AdminCall, for customerId: CustomerID, _ body: AdminOfferRequest
    ) async throws -> AdminActionResponse<PromotionalSignatureResponse> {
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        let offers = call.services.offers
        let now = now
        return try await onceAtApple(
            call, key: key, kind: "offer.sign", request: body,
            perform: {
                PromotionalSignatureResponse(
                    try await offers.promotional(
                        customerId, productId: body.productId, offerId: body.offerId, applicationUsername: body.applicationUsername,
                        actor: call.actor))
            },
            commit: { signature, tx in
                try await tx.append(
                    call.audit(
                        kind: "offer.signedForCustomer", customerId: customerId, subject: body.productId,
                        details: ["offerId": body.offerId], reason: reason, at: now()))
                return signature
            })
    }

    /// ``OperatorActionRunner/once(_:key:kind:request:_:)`` for an action that calls Apple first: a key already used
    /// answers its first result (or 409) without calling Apple again; otherwise `perform` calls
    /// Apple (idempotent there: its request identifier comes from the key), then `commit` builds
    /// the result from Apple's answer, writes the audit event and applies what Apple said, in
    /// the key's transaction.
    package func onceAtApple<Performed: Sendable, Result: Codable & Sendable>(
        _ call: AdminCall, key: String, kind: String, request: some Encodable & Sendable,
        perform: @escaping @Sendable () async throws -> Performed,
        commit: nonisolated(nonsending) @escaping (Performed, any PurchaseStoreTransaction) async throws -> Result
    ) async throws -> AdminActionResponse<Result> {
        if try await store.read({ try await $0.adminAction(appId: call.app.id, key: key) }) != nil {
            return try await runner.once(call, key: key, kind: kind, request: request) { _ -> Result in
                // Never runs: `once` answers the recorded result, or 409 for another request.
                throw StorekeeperError.conflict("idempotencyKey \(key) was used by a request that is gone")
            }
        }
        let performed = try await perform()
        return try await runner.once(call, key: key, kind: kind, request: request) { tx in try await commit(performed, tx) }
    }

    /// An action's idempotency key: 1–128 bytes.
    package static func appleActionKey(_ key: String) throws -> String {
        guard (1...128).contains(key.utf8.count) else {
            throw StorekeeperError.invalidRequest("idempotencyKey must be 1–128 bytes")
        }
        return key
    }
}
