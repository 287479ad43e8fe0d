import AppStoreAPI
package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// Resyncs a customer from Apple: Transaction History and All Subscription Statuses for each of
/// the customer's original transactions, applied like any fact from Apple (``FactApplier``), and
/// what changed: transactions Storekeeper had never seen, subscriptions whose phase or period
/// end moved, entitlements before and after.
///
/// One Apple account's history and statuses answer for all of its purchases, so each account is
/// asked once: original transactions that an earlier answer already listed are not asked again.
/// Applying is idempotent (natural keys), so running it again changes nothing more.
package struct ResyncService: Sendable {
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
    /// How many of the customer's transactions name the purchases to ask about.
    package static let transactionLimit = 10_000

    package func resync(_ customerId: CustomerID, actor: AuditActor, now: any WallClock) async throws -> ResyncResult {
        let connection = try AppleSide.connection(runtime)
        let (known, subscriptionsBefore, grantsBefore) = try await store.read { tx in
            (
                try await tx.transactions(customerId: customerId, limit: Self.transactionLimit),
                try await tx.subscriptions(customerId: customerId), try await tx.grants(customerId: customerId)
            )
        }
        let purchases = Self.purchases(known.map(\.transaction))
        guard !purchases.isEmpty else {
            throw StorekeeperError.notFound("the customer has no App Store purchase to resync")
        }
        var history: [AppleTransaction] = []
        var statuses: [SubscriptionFact] = []
        var listed = Set<PurchaseKey>()
        var statusListed = Set<PurchaseKey>()
        do {
            for purchase in purchases where connection.serverAPI[purchase.environment] != nil {
                if !listed.contains(purchase) {
                    let transactions = try await connection.history(
                        environment: purchase.environment, transactionId: purchase.originalTransactionId)
                    listed.formUnion(transactions.map(PurchaseKey.init))
                    listed.insert(purchase)
                    history += transactions
                }
                if !statusListed.contains(purchase) {
                    let facts = try await connection.statusFacts(
                        environment: purchase.environment, transactionId: purchase.originalTransactionId)
                    statusListed.formUnion(
                        facts.map { PurchaseKey(environment: $0.environment, originalTransactionId: $0.originalTransactionId) })
                    statusListed.insert(purchase)
                    statuses += facts
                }
            }
        } catch let error as AppStoreAPIError {
            throw AppleSide.error(error)
        }
        let reference = "resync:\(customerId.rawValue)"
        var inserted: [AppleTransaction] = []
        // One purchase per transaction, as a notification brings it: its owner decides.
        let groups = Dictionary(grouping: Self.unique(history), by: PurchaseKey.init)
        for key in groups.keys.sorted(by: Self.precedes) {
            guard let group = groups[key] else { continue }
            let outcome = try await store.write { tx in
                try await applier.applyFromApple(group, actor: actor, fact: reference, now: now(), in: tx)
            }
            inserted += outcome?.inserted ?? []
        }
        for fact in statuses {
            _ = try await store.write { tx in
                try await applier.applySubscriptionFact(fact, actor: actor, factReference: reference, now: now(), in: tx)
            }
        }
        let (subscriptionsAfter, grantsAfter) = try await store.read { tx in
            (try await tx.subscriptions(customerId: customerId), try await tx.grants(customerId: customerId))
        }
        return ResyncResult(
            customerId: customerId.rawValue, originalTransactionIds: purchases.map(\.originalTransactionId),
            newTransactions: inserted.map {
                ResyncTransaction(
                    transactionId: $0.transactionId, originalTransactionId: $0.originalTransactionId, productId: $0.productId,
                    environment: $0.environment.rawValue, purchaseDate: $0.purchaseDate.millisecondsSince1970)
            },
            changedSubscriptions: Self.changes(before: subscriptionsBefore, after: subscriptionsAfter),
            entitlementsBefore: Self.entitlements(grantsBefore, at: now()),
            entitlementsAfter: Self.entitlements(grantsAfter, at: now()))
    }

    /// The distinct purchases (environment, original transaction) of `transactions`, in order.
    package static func purchases(_ transactions: [AppleTransaction]) -> [PurchaseKey] {
        Set(transactions.map(PurchaseKey.init)).sorted(by: precedes)
    }

    package static func precedes(_ a: PurchaseKey, _ b: PurchaseKey) -> Bool {
        (a.environment.rawValue, a.originalTransactionId) < (b.environment.rawValue, b.originalTransactionId)
    }

    /// Each transaction once (two answers may list the same one).
    package static func unique(_ transactions: [AppleTransaction]) -> [AppleTransaction] {
        var seen = Set<String>()
        return transactions.filter { seen.insert("\($0.environment.rawValue):\($0.transactionId)").inserted }
    }

    /// Subscriptions whose phase or period end differ, and those that appeared.
    package static func changes(before: [StoredSubscription], after: [StoredSubscription]) -> [StorekeeperAPIModels.SubscriptionChange] {
        func key(_ subscription: StoredSubscription) -> String {
            "\(subscription.environment.rawValue):\(subscription.originalTransactionId)"
        }
        let earlier = Dictionary(before.map { (key($0), SubscriptionSnapshot($0)) }, uniquingKeysWith: { first, _ in first })
        return after.compactMap { subscription in
            let now = SubscriptionSnapshot(subscription)
            let then = earlier[key(subscription)]
            guard then != now else { return nil }
            return StorekeeperAPIModels.SubscriptionChange(
                originalTransactionId: subscription.originalTransactionId, before: then, after: now)
        }
    }

    /// The entitlements a customer's grants give at `time`, sorted.
    package static func entitlements(_ grants: [EntitlementGrant], at time: Timestamp) -> [String] {
        Set(grants.filter { $0.startsAt <= time && ($0.expiresAt.map { $0 > time } ?? true) }.map(\.entitlement)).sorted()
    }
}
