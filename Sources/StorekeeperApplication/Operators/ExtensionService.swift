import AppStoreAPI
package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// Renewal-date extensions through Apple (Extend a Subscription Renewal Date, and Extend
/// Subscription Renewal Dates for All Active Subscribers with its status).
///
/// Apple's rules, checked here before asking: 1–90 days, a documented reason code (0–3); Apple
/// itself refuses a third extension of a subscription within 365 days and subscriptions in a
/// free offer period, billing retry, expired or Family Sharing (``AppleSide/error(_:)`` names
/// each). The request identifier Apple gets is derived from the operator's idempotency key, so a
/// retried request never extends twice at Apple.
package struct ExtensionService: Sendable {
    package let store: any PurchaseStore
    package let runtime: AppRuntime
    package let applier: FactApplier

    package init(
        store: any PurchaseStore, runtime: AppRuntime, applier: FactApplier
    ) {
        self.store = store
        self.runtime = runtime
        self.applier = applier
    }

    package static func validate(days: Int, reasonCode: Int) throws {
        guard (1...90).contains(days) else {
            throw StorekeeperError.invalidRequest("days must be 1–90 (Apple extends a renewal date by at most 90 days)")
        }
        guard ExtendReasonCode.knownValues.map({ Int($0.rawValue) }).contains(reasonCode) else {
            throw StorekeeperError.invalidRequest(
                "reasonCode must be 0 (undeclared), 1 (customer satisfaction), 2 (other) or 3 (service issue or outage)")
        }
    }

    /// The customer's subscription with `originalTransactionId`: 404 when the customer does not
    /// own it.
    package func subscription(of customerId: CustomerID, originalTransactionId: String) async throws -> StoredSubscription {
        let owned = try await store.read { try await $0.subscriptions(customerId: customerId) }
        guard let subscription = owned.first(where: { $0.originalTransactionId == originalTransactionId }) else {
            throw StorekeeperError.notFound("the customer has no subscription \(originalTransactionId)")
        }
        return subscription
    }

    /// Asks Apple to extend one subscription (identified by `requestIdentifier` at Apple).
    package func extend(
        _ subscription: StoredSubscription, days: Int, reasonCode: Int, requestIdentifier: String
    ) async throws -> ExtendRenewalDateResponse {
        let client = try AppleSide.client(runtime, subscription.environment)
        do {
            return try await client.extendSubscriptionRenewalDate(
                originalTransactionId: subscription.originalTransactionId,
                request: ExtendRenewalDateRequest(
                    extendByDays: Int32(days), extendReasonCode: ExtendReasonCode(rawValue: Int32(reasonCode)),
                    requestIdentifier: requestIdentifier))
        } catch {
            throw AppleSide.error(error)
        }
    }

    /// Apple's current state of the subscription (All Subscription Statuses), verified, as facts.
    package func currentState(of subscription: StoredSubscription) async throws -> [SubscriptionFact] {
        let connection = try AppleSide.connection(runtime)
        do {
            return try await connection.statusFacts(
                environment: subscription.environment, transactionId: subscription.originalTransactionId
            ).filter { $0.originalTransactionId == subscription.originalTransactionId }
        } catch let error as AppStoreAPIError {
            throw AppleSide.error(error)
        }
    }

    /// Applies Apple's state like any status refresh, inside the action's transaction; answers
    /// the subscription as stored afterwards.
    package func apply(
        _ facts: [SubscriptionFact], to subscription: StoredSubscription, actor: AuditActor, reference: String, now: Timestamp,
        in tx: any FactApplier.Aggregates
    ) async throws -> StoredSubscription? {
        for fact in facts {
            _ = try await applier.applySubscriptionFact(fact, actor: actor, factReference: reference, now: now, in: tx)
        }
        return try await tx.subscription(
            environment: subscription.environment, originalTransactionId: subscription.originalTransactionId)
    }

    /// Asks Apple to extend every active subscriber of a product (in the storefronts given).
    package func massExtend(_ record: MassExtensionRecord) async throws {
        guard runtime.config.catalog[record.productId]?.kind == .autoRenewableSubscription else {
            throw StorekeeperError(
                .unknownProduct, "\(record.productId) is not an auto-renewable subscription of this app",
                kind: .rejected)
        }
        let client = try AppleSide.client(runtime, record.environment)
        do {
            _ = try await client.extendRenewalDatesForAllActiveSubscribers(
                MassExtendRenewalDateRequest(
                    requestIdentifier: record.requestIdentifier, extendByDays: Int32(record.days),
                    extendReasonCode: ExtendReasonCode(rawValue: Int32(record.reasonCode)), productId: record.productId,
                    storefrontCountryCodes: record.storefronts))
        } catch {
            throw AppleSide.error(error)
        }
    }

    /// A mass extension this app requested, with Apple's status of it.
    package func status(requestIdentifier: String) async throws -> MassExtensionBody {
        guard
            let record = try await store.read({
                try await $0.massExtension(appId: runtime.config.id, requestIdentifier: requestIdentifier)
            })
        else { throw StorekeeperError.notFound("no mass extension \(requestIdentifier) in this app") }
        let client = try AppleSide.client(runtime, record.environment)
        do {
            let status = try await client.getStatusOfSubscriptionRenewalDateExtensions(
                productId: record.productId, requestIdentifier: record.requestIdentifier)
            return MassExtensionBody(record, status: status)
        } catch {
            throw AppleSide.error(error)
        }
    }

    /// Storefronts as Apple wants them: 1–… ISO 3166-1 alpha-3 codes, upper case.
    package static func storefronts(_ codes: [String]?) throws -> [String]? {
        guard let codes else { return nil }
        guard !codes.isEmpty, codes.count <= 200 else { throw StorekeeperError.invalidRequest("storefronts must list 1–200 codes") }
        return try codes.map { code in
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw StorekeeperError.invalidRequest("storefronts are ISO 3166-1 alpha-3 codes such as USA")
            }
            return code.uppercased()
        }
    }
}
