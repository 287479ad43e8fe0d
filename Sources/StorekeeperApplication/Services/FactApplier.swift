package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperStore

/// Applies verified Apple facts to the store inside one write transaction: ownership, the
/// transaction record, wallet postings, order delivery, derived entitlements and audit events.
///
/// It decides nothing itself. Each entry point reads who is involved without locks, takes every
/// lock they need at once in the canonical order (``LockSet``), loads what the decision needs
/// (``load(_:owners:orderId:locks:presentation:in:)``), asks the domain's pure
/// ``PurchasePlanner`` for a ``PurchasePlan``, and commits its effects in order
/// (``commit(_:in:)``). See docs/DESIGN.md, "Purchase decisions and locks".
///
/// Every effect is keyed by an Apple identifier, so applying the same facts again changes
/// nothing: the transaction upsert answers `.unchanged`, journal keys are already booked, grants
/// are recomputed to the same set.
package struct FactApplier: Sendable {
    package let app: AppConfiguration
    package let subscriptions: SubscriptionApplier
    package let events: EventOutbox

    package init(app: AppConfiguration) {
        self.app = app
        self.subscriptions = SubscriptionApplier(app: app)
        self.events = EventOutbox(appId: app.id, webhooks: app.webhooks)
    }

    package typealias Outcome = PurchaseOutcome

    /// The aggregates applying a fact touches: customers, orders, transactions, the ledger,
    /// subscriptions and grants, the outbox, the audit trail, locks and the figures' rollups.
    package typealias Aggregates =
        CustomerStoreWriter & OrderStoreWriter & TransactionStoreWriter & LedgerStoreWriter & SubscriptionStoreWriter
        & OutboxStoreWriter & AuditStoreWriter & CoordinationStoreWriter & FiguresStoreWriter & OperatorGrantStoreReader
        & AppleAccountStoreWriter & SeatClaimStoreWriter & AnalyticsStoreWriter

    /// The aggregates recomputing a customer's derived grants touches.
    package typealias GrantAggregates =
        TransactionStoreReader & SubscriptionStoreWriter & OperatorGrantStoreReader & AuditStoreWriter & OutboxStoreWriter
        & SeatClaimStoreReader

    /// Facts presented by `customerId` (a client submission or a restore).
    package func applyPresented(
        _ transactions: [AppleTransaction], renewals: [RenewalInfo], by customerId: CustomerID, orderId: UUID?,
        actor: AuditActor, fact: String, now: Timestamp, in tx: any FactApplier.Aggregates
    ) async throws -> Outcome {
        let ordered = PurchasePlanner.applyingOrder(transactions)
        let snapshot = try await presentationSnapshot(of: ordered, renewals: renewals, presentedBy: customerId, in: tx)
        let locks = snapshot.locks
        try await take(locks, in: tx)
        let owners = Dictionary(uniqueKeysWithValues: snapshot.purchases.map { ($0, snapshot.owners[$0]) })
        let workspace = try await load(ordered, owners: owners, orderId: orderId, locks: locks, presentation: true, in: tx)
        let plan = try planning(actor: actor, fact: fact, now: now) {
            try $0.presented(
                ordered, renewals: renewals, by: customerId, orderId: orderId, snapshot: snapshot, in: workspace)
        }
        try await commit(plan, in: tx)
        return plan.outcome
    }

    /// Facts from Apple (notifications, history sweeps, status refreshes): the owner is whoever
    /// owns the purchase, else the customer of the order its `appAccountToken` names, else an
    /// unclaimed placeholder the app's customer will claim when it presents the purchase.
    package func applyFromApple(
        _ transactions: [AppleTransaction], actor: AuditActor, fact: String, now: Timestamp, in tx: any FactApplier.Aggregates
    ) async throws -> Outcome? {
        guard let first = transactions.first else { return nil }
        let (recipient, firstOwner) = try await resolveOwner(first, in: tx)
        let ordered = PurchasePlanner.applyingOrder(transactions)
        // The first purchase's owner was read with the recipient; a batch's other purchases
        // (a history sweep) may have owners of their own, locked with it.
        var owners: [PurchaseKey: CustomerID?] = [PurchaseKey(first): firstOwner]
        for key in Set(ordered.map(PurchaseKey.init)) where owners[key] == nil {
            owners[key] = .some(
                try ownOwner(
                    try await tx.owner(environment: key.environment, originalTransactionId: key.originalTransactionId), of: key))
        }
        let known = owners.compactMapValues { $0 }
        let snapshot = PurchaseSnapshot(
            recipient: recipient, purchases: Set(owners.keys), owners: known,
            appleAccounts: PurchaseSnapshot.joinableAppleAccounts(of: ordered, gainer: recipient, owners: known))
        try await take(snapshot.locks, in: tx)
        let workspace = try await load(ordered, owners: owners, orderId: nil, locks: snapshot.locks, presentation: false, in: tx)
        let plan = try planning(actor: actor, fact: fact, now: now) { try $0.fromApple(ordered, recipient: recipient, in: workspace) }
        try await commit(plan, in: tx)
        return plan.outcome
    }

    /// A whole subscription fact from Apple (a notification or a status refresh): its
    /// transactions are recorded, then the lifecycle applies the fact once, with its status and
    /// renewal info.
    package func applySubscriptionFact(
        _ fact: SubscriptionFact, actor: AuditActor, factReference: String, now: Timestamp, in tx: any FactApplier.Aggregates
    ) async throws -> (Outcome, [SubscriptionAction]) {
        let purchase = PurchaseKey(environment: fact.environment, originalTransactionId: fact.originalTransactionId)
        let stored = try ownOwner(
            try await tx.owner(environment: fact.environment, originalTransactionId: fact.originalTransactionId), of: purchase)
        let owner: CustomerID
        if let stored {
            owner = stored
        } else if let transaction = fact.transaction {
            owner = try await resolveOwner(transaction, in: tx).recipient
        } else if let placeholder = PurchaseDecision.placeholder(for: purchase, in: app.customerSpace) {
            owner = placeholder
        } else {
            throw StorekeeperError.invalidRequest("subscription identifiers are not usable")
        }
        let locks = PurchaseSnapshot(
            recipient: owner, purchases: [purchase],
            appleAccounts: PurchaseSnapshot.joinableAppleAccounts(
                of: fact.transactions, gainer: owner, owners: stored.map { [purchase: $0] } ?? [:])
        ).locks
        try await take(locks, in: tx)
        let workspace = try await load(
            fact.transactions, owners: [purchase: stored], orderId: nil, locks: locks, presentation: false, in: tx)
        let plan = try planning(actor: actor, fact: factReference, now: now) {
            try $0.subscriptionFact(fact, owner: owner, in: workspace)
        }
        let actions = try await commit(plan, in: tx)
        return (plan.outcome, actions)
    }

    /// Who Apple's facts about `transaction`'s purchase go to
    /// (``PurchaseDecision/recipient(owner:orderCustomer:placeholder:)``), and its recorded owner.
    package func resolveOwner(
        _ transaction: AppleTransaction, in tx: any TransactionStoreReader
    ) async throws
        -> (recipient: CustomerID, owner: CustomerID?)
    {
        let candidates = try await tx.ownerCandidates(
            environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
            appAccountToken: transaction.appAccountToken)
        let owner = try ownOwner(candidates.owner, of: PurchaseKey(transaction))
        guard
            let recipient = PurchaseDecision.recipient(
                owner: owner, orderCustomer: ownCustomer(candidates.orderCustomer),
                placeholder: PurchaseDecision.placeholder(for: PurchaseKey(transaction), in: app.customerSpace))
        else {
            throw StorekeeperError.invalidRequest("transaction identifiers are not usable")
        }
        return (recipient, owner)
    }

    /// Runs the pure planner; an amount that overflows is bad input.
    private func planning(
        actor: AuditActor, fact: String, now: Timestamp, _ body: (PurchasePlanner) throws -> PurchasePlan
    ) throws -> PurchasePlan {
        let planner = PurchasePlanner(catalog: app.catalog, policy: app.policy, actor: actor, fact: fact, now: now)
        do {
            return try body(planner)
        } catch let error as WalletError where error.code == .amountOverflows {
            throw StorekeeperError.invalidRequest(error.reason)
        }
    }

    // MARK: Entitlements

    /// Recomputes the customer's grants from the facts held (Apple's and the app's operators'
    /// grants) and records what changed (``GrantChange``). `recorded` holds the subscription
    /// states this transaction wrote, read from there instead of decoded again.
    package func refreshGrants(
        of customerId: CustomerID, actor: AuditActor, fact: String, now: Timestamp,
        recorded: RecordedSubscriptionStates = RecordedSubscriptionStates(), in tx: any FactApplier.GrantAggregates
    ) async throws {
        let purchases = try await tx.oneTimePurchases(customerId: customerId).map(\.transaction)
        var grants = EntitlementCalculator.grants(customerId: customerId, purchases: purchases, catalog: app.catalog)
        grants += try await subscriptions.grants(of: customerId, now: now, recorded: recorded, in: tx)
        grants += try await seatGrants(of: customerId, in: tx)
        grants += OperatorGrantRules.entitlementGrants(
            try await tx.operatorGrants(customerId: customerId), apps: app.appsSharingCustomers)
        let change = GrantChange(before: try await tx.grants(customerId: customerId), after: grants)
        guard !change.isEmpty else { return }
        try await tx.replaceGrants(customerId: customerId, grants: grants)
        try await events.entitlementsChanged(customerId, granted: change.added, removed: change.removed, now: now, in: tx)
        for event in change.audit(of: customerId, actor: actor, fact: fact, now: now) {
            try await tx.append(event)
        }
    }

    /// Moves a purchase to `customerId`: its owner, its stored transactions, its subscription.
    package func move(
        _ purchase: PurchaseKey, to customerId: CustomerID, in tx: any TransactionStoreWriter & SubscriptionStoreWriter
    ) async throws {
        try await tx.setOwner(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId, customerId: customerId)
        try await tx.reassignTransactions(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId, to: customerId)
        try await subscriptions.reassign(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId, to: customerId, in: tx)
    }
}
