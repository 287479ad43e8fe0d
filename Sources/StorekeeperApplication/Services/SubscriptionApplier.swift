package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperStore

/// Runs the subscription lifecycle against stored subscriptions: loads the state, applies a
/// fact, saves the result, and audits what changed.
package struct SubscriptionApplier: Sendable {
    package let app: AppConfiguration

    /// The aggregates a lifecycle step touches: the subscription, its audit, the upgrade
    /// confirmation queued in the outbox, and the figures' and analytics' rollups.
    package typealias Aggregates =
        SubscriptionStoreWriter & AuditStoreWriter & OutboxStoreWriter & TransactionStoreReader & FiguresStoreWriter
        & AnalyticsStoreWriter

    package var policy: SubscriptionPolicy { SubscriptionPolicy(billingRetryGrantsAccess: app.policy.billingRetryGrantsAccess) }

    /// Applies one fact; returns the lifecycle's actions (empty for a replay or an older fact).
    /// The state written is remembered in `recorded`, for the grants recomputed after it.
    package func apply(
        _ subscriptionFact: SubscriptionFact, owner: CustomerID, actor: AuditActor, fact: String, now: Timestamp,
        recorded: inout RecordedSubscriptionStates, in tx: any SubscriptionApplier.Aggregates
    ) async throws -> [SubscriptionAction] {
        let stored = try await tx.subscription(
            environment: subscriptionFact.environment, originalTransactionId: subscriptionFact.originalTransactionId)
        let previous = try stored.map { try Self.decode($0.state) }
        let (state, actions) = SubscriptionLifecycle.apply(subscriptionFact, to: previous)
        guard state != previous else { return actions }
        let customerId = stored?.customerId ?? owner
        let saved = try record(state, customerId: customerId, now: now)
        try await tx.saveSubscription(saved)
        recorded.remember(state, as: saved)
        try await OverviewRollup(app: app).subscriptionChanged(from: previous, to: state, in: tx)
        let subject = "\(subscriptionFact.environment.rawValue):\(subscriptionFact.originalTransactionId)"
        for action in actions {
            guard let (kind, details) = Self.audit(action) else { continue }
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: kind, actor: actor, subject: subject, fact: fact, details: details,
                    createdAt: now))
        }
        try await UpgradeConfirmation(app: app).queue(after: actions, customerId: customerId, now: now, in: tx)
        return actions
    }

    /// Moves a subscription to another customer (ownership transfer, guest merge).
    package func reassign(
        environment: AppStoreEnvironment, originalTransactionId: String, to customerId: CustomerID,
        in tx: any SubscriptionStoreWriter
    ) async throws {
        guard var stored = try await tx.subscription(environment: environment, originalTransactionId: originalTransactionId),
            stored.customerId != customerId
        else { return }
        stored.customerId = customerId
        try await tx.saveSubscription(stored)
    }

    /// The customer's entitlement grants from their subscriptions: each subscription's latest
    /// access window (paid periods, grace, and billing retry when the policy grants it).
    package func grants(
        of customerId: CustomerID, now: Timestamp, recorded: RecordedSubscriptionStates = RecordedSubscriptionStates(),
        in tx: any SubscriptionStoreReader
    ) async throws -> [EntitlementGrant] {
        try await tx.subscriptions(customerId: customerId).flatMap { try grants(of: $0, recorded: recorded) }
    }

    /// The grants `stored` gives its owner: its latest access window's entitlements.
    package func grants(
        of stored: StoredSubscription, recorded: RecordedSubscriptionStates = RecordedSubscriptionStates()
    ) throws -> [EntitlementGrant] {
        let state = try recorded.state(of: stored)
        guard let window = state.accessWindows(policy: policy).last, let current = state.view.currentPeriod else { return [] }
        return (app.catalog[window.productId]?.entitlements ?? []).map { entitlement in
            EntitlementGrant(
                customerId: stored.customerId, entitlement: entitlement, productId: window.productId,
                source: GrantSource(
                    environment: stored.environment, originalTransactionId: stored.originalTransactionId,
                    transactionId: current.transactionId),
                startsAt: window.start, expiresAt: window.end)
        }
    }

    package func record(_ state: SubscriptionState, customerId: CustomerID, now: Timestamp) throws -> StoredSubscription {
        let view = state.view
        let current = view.currentPeriod
        return StoredSubscription(
            environment: state.environment, originalTransactionId: state.originalTransactionId, customerId: customerId,
            productId: view.productId ?? current?.productId ?? "", subscriptionGroup: view.subscriptionGroupIdentifier,
            phase: view.phase.name, expiresAt: current?.expiresDate ?? view.accessWindow?.end,
            lastSignedDate: state.lastSignedDate ?? now, state: try Self.encode(state), updatedAt: now,
            autoRenewStatus: state.renewalInfo.map { $0.autoRenewEnabled ? 1 : 0 },
            autoRenewProductId: state.renewalInfo?.autoRenewProductId, commitment: view.commitment.map(CommitmentProgress.init))
    }

    package static func decode(_ data: Data) throws -> SubscriptionState {
        do {
            return try JSONCoding.decodeStrict(SubscriptionState.self, from: Array(data), maxDepth: 24)
        } catch {
            throw StorekeeperError(
                .internalError, "stored subscription state is unreadable", kind: .internalFailure,
                underlying: error)
        }
    }

    package static func encode(_ state: SubscriptionState) throws -> Data {
        try JSONCoding.encode(state)
    }

    /// The audit event for an action worth showing support; `nil` for bookkeeping ones.
    package static func audit(_ action: SubscriptionAction) -> (String, [String: String])? {
        func period(_ period: PaidPeriod) -> [String: String] {
            [
                "transactionId": period.transactionId, "productId": period.productId,
                "purchaseDate": String(period.purchaseDate.millisecondsSince1970),
                "expiresDate": period.expiresDate.map { String($0.millisecondsSince1970) } ?? "",
                "period": period.periodKey,
            ]
        }
        switch action {
        case .periodPaid(let paid): return ("subscription.periodPaid", period(paid))
        case .periodRevoked(let revoked):
            var details = period(revoked)
            details["accessEnd"] = String(revoked.accessEnd.millisecondsSince1970)
            return ("subscription.periodRevoked", details)
        case .periodRestored(let restored): return ("subscription.periodRestored", period(restored))
        case .phaseChanged(let from, let to): return ("subscription.phaseChanged", ["from": from.name, "to": to.name])
        case .autoRenewChanged(let enabled): return ("subscription.autoRenewChanged", ["enabled": String(enabled)])
        case .commitmentRenewalChanged(let enabled, let commitmentExpiresDate):
            return (
                "subscription.commitmentRenewalChanged",
                ["enabled": String(enabled), "commitmentExpiresDate": commitmentExpiresDate.map { String($0.millisecondsSince1970) } ?? ""]
            )
        case .renewalPreferenceChanged(let change):
            return (
                "subscription.renewalPreferenceChanged",
                [
                    "kind": change.kind.rawValue, "from": change.previousProductId ?? "",
                    "to": change.autoRenewProductId ?? change.productId ?? "",
                ]
            )
        case .billingIssueStarted: return ("subscription.billingIssue", [:])
        case .billingRecovered: return ("subscription.billingRecovered", [:])
        case .gracePeriodStarted: return ("subscription.gracePeriodStarted", [:])
        case .gracePeriodExpired: return ("subscription.gracePeriodExpired", [:])
        case .expired(let reason): return ("subscription.expired", ["reason": reason.rawValue])
        case .offerRedeemed(let offer, let paid):
            var details = period(paid)
            details["offer"] = "\(offer)"
            return ("subscription.offerRedeemed", details)
        case .priceIncreasePending: return ("subscription.priceIncreasePending", [:])
        case .priceIncreaseAccepted: return ("subscription.priceIncreaseAccepted", [:])
        case .renewalDateExtended(let renewal):
            return ("subscription.renewalExtended", ["expiresDate": renewal.expiresDate.map { String($0.millisecondsSince1970) } ?? ""])
        case .accessChanged, .refreshFromApple, .factIgnored: return nil
        }
    }
}
