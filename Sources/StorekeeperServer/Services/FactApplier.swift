import AppStoreModels
import Foundation
import Storekeeper

/// Applies verified Apple facts to the store inside one write transaction: ownership, the
/// transaction record, wallet postings, order delivery, derived entitlements and audit events.
///
/// It decides nothing itself: it loads who is involved, takes every lock up front in the
/// canonical order (``LockSet``), asks the domain's pure decisions (``PurchaseDecision``,
/// ``PurchaseLedger``, ``GrantChange``) and books what they return. See docs/DESIGN.md,
/// "Purchase decisions and locks".
///
/// Every effect is keyed by an Apple identifier, so applying the same facts again changes
/// nothing: `upsertTransaction` reports `.unchanged`, journal keys are already booked, grants
/// are recomputed to the same set.
struct FactApplier: Sendable {
    let app: AppConfiguration
    let subscriptions: SubscriptionApplier
    let events: EventOutbox

    init(app: AppConfiguration) {
        self.app = app
        self.subscriptions = SubscriptionApplier(app: app)
        self.events = EventOutbox(appId: app.id, webhooks: app.webhooks)
    }

    /// What applying facts did, for the response and for metrics.
    struct Outcome: Sendable {
        var customerId: CustomerID
        /// Transactions recorded for the first time.
        var recorded: [AppleTransaction] = []
        /// Transactions Storekeeper already had (replays, restores of known purchases).
        var replayed: [AppleTransaction] = []
        /// Transactions another customer owns and keeps (policy `keep`).
        var keptByOther: [(AppleTransaction, CustomerID)] = []
        /// Set when the policy `refuse` stopped the submission.
        var refusedOwner: CustomerID?
        var deliveredOrders: [Order] = []
        /// Transactions this presentation took over from another owner (an unclaimed
        /// placeholder, or a transfer): new to the presenter although Storekeeper knew them.
        var claimed: Set<String> = []
        /// Of `claimed`, those taken from the unclaimed placeholder: their first grant to an
        /// app customer is now.
        var claimedFromPlaceholder: Set<String> = []
        /// Transactions Storekeeper had never seen (each counts once as a sandbox purchase).
        var inserted: [AppleTransaction] = []
        /// Purchases granted to an app customer for the first time (recorded for a real
        /// customer, or claimed from the placeholder): Apple's purchase date to now is the
        /// delivery delay. Not transfers between customers, nor revoked purchases.
        var delivered: [AppleTransaction] = []
        /// Customers whose grants or balances changed (for outbox events).
        var changedCustomers: Set<CustomerID> = []
    }

    /// Facts presented by `customerId` (a client submission or a restore).
    ///
    /// Reads who is involved without locks (``presentationSnapshot(of:renewals:presentedBy:in:)``),
    /// takes every lock they need at once in the canonical order (``LockSet``), then decides each
    /// purchase under the locks (``PurchaseDecision``); an owner outside the locks fails the
    /// attempt so that it runs again with the larger set (``requireLocked(_:_:)``).
    func applyPresented(
        _ transactions: [AppleTransaction], renewals: [RenewalInfo], by customerId: CustomerID, orderId: UUID?,
        actor: AuditActor, fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws -> Outcome {
        var outcome = Outcome(customerId: customerId)
        let ordered = Self.lockOrder(transactions)
        let snapshot = try await presentationSnapshot(of: ordered, renewals: renewals, presentedBy: customerId, in: tx)
        let locks = snapshot.locks
        try await take(locks, in: tx)
        try await tx.ensureCustomer(Customer(id: customerId, createdAt: now))
        for transaction in ordered {
            let orderCustomer = transaction.appAccountToken.flatMap { snapshot.orderCustomers[$0] }
            if let orderCustomer {
                try await recordForOrderCustomer(
                    transaction, orderCustomer: orderCustomer, locks: locks, actor: actor, fact: fact, now: now, in: tx,
                    outcome: &outcome)
            }
            guard
                try await claimOwnership(
                    of: transaction, for: customerId, orderCustomer: orderCustomer, locks: locks, actor: actor, fact: fact,
                    now: now, in: tx, outcome: &outcome)
            else { continue }
            try await record(
                transaction, for: customerId, orderId: orderId, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
        }
        if outcome.refusedOwner == nil {
            for renewal in renewals {
                guard let owner = try await tx.owner(environment: renewal.environment, originalTransactionId: renewal.originalTransactionId)
                else { continue }
                try requireLocked(owner, locks)
                try await subscriptions.apply(renewal: renewal, owner: owner, actor: actor, fact: fact, now: now, in: tx)
                outcome.changedCustomers.insert(owner)
            }
        }
        outcome.changedCustomers.insert(customerId)
        guard mayChangeGrants(transactions, renewals: renewals) else { return outcome }
        for customer in outcome.changedCustomers {
            try await refreshGrants(of: customer, actor: actor, fact: fact, now: now, in: tx)
        }
        return outcome
    }

    /// Facts from Apple (notifications, history sweeps, status refreshes): the owner is whoever
    /// owns the purchase, else the customer of the order its `appAccountToken` names, else an
    /// unclaimed placeholder the app's customer will claim when it presents the purchase.
    func applyFromApple(
        _ transactions: [AppleTransaction], actor: AuditActor, fact: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction
    ) async throws -> Outcome? {
        guard let first = transactions.first else { return nil }
        let owner = try await resolveOwner(first, in: tx)
        var outcome = Outcome(customerId: owner)
        let ordered = Self.lockOrder(transactions)
        // The first purchase's owner was read with the recipient; a batch's other purchases
        // (a history sweep) may have owners of their own, locked with it.
        var snapshot = PurchaseSnapshot(recipient: owner, purchases: Set(ordered.map(PurchaseKey.init)))
        for key in snapshot.purchases where key != PurchaseKey(first) {
            snapshot.owners[key] = try await tx.owner(environment: key.environment, originalTransactionId: key.originalTransactionId)
        }
        let locks = snapshot.locks
        try await take(locks, in: tx)
        try await tx.ensureCustomer(Customer(id: owner, createdAt: now))
        for transaction in ordered {
            let customer = try await tx.claimOwner(
                environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
                customerId: owner)
            try requireLocked(customer, locks)
            try await record(transaction, for: customer, orderId: nil, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
            outcome.changedCustomers.insert(customer)
        }
        guard mayChangeGrants(transactions) else { return outcome }
        for customer in outcome.changedCustomers {
            try await refreshGrants(of: customer, actor: actor, fact: fact, now: now, in: tx)
        }
        return outcome
    }

    /// A whole subscription fact from Apple (a notification or a status refresh): its
    /// transactions are recorded, then the lifecycle applies the fact once, with its status and
    /// renewal info.
    func applySubscriptionFact(
        _ fact: SubscriptionFact, actor: AuditActor, factReference: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction
    ) async throws -> (Outcome, [SubscriptionAction]) {
        let purchase = PurchaseKey(environment: fact.environment, originalTransactionId: fact.originalTransactionId)
        let owner: CustomerID
        if let stored = try await tx.owner(environment: fact.environment, originalTransactionId: fact.originalTransactionId) {
            owner = stored
        } else if let transaction = fact.transaction {
            owner = try await resolveOwner(transaction, in: tx)
        } else if let placeholder = PurchaseDecision.placeholder(for: purchase) {
            owner = placeholder
        } else {
            throw StorekeeperError.invalidRequest("subscription identifiers are not usable")
        }
        var outcome = Outcome(customerId: owner)
        let locks = PurchaseSnapshot(recipient: owner, purchases: [purchase]).locks
        try await take(locks, in: tx)
        try await tx.ensureCustomer(Customer(id: owner, createdAt: now))
        let claimed = try await tx.claimOwner(
            environment: fact.environment, originalTransactionId: fact.originalTransactionId, customerId: owner)
        try requireLocked(claimed, locks)
        for transaction in fact.transactions.sorted(by: { $0.signedDate < $1.signedDate }) {
            try await record(
                transaction, for: owner, orderId: nil, actor: actor, fact: factReference, now: now, in: tx,
                outcome: &outcome, applyLifecycle: false)
        }
        let actions = try await subscriptions.apply(fact, owner: owner, actor: actor, fact: factReference, now: now, in: tx)
        outcome.changedCustomers.insert(owner)
        for customer in outcome.changedCustomers {
            try await refreshGrants(of: customer, actor: actor, fact: factReference, now: now, in: tx)
        }
        return (outcome, actions)
    }

    func resolveOwner(_ transaction: AppleTransaction, in tx: any PurchaseStoreTransaction) async throws -> CustomerID {
        let candidates = try await tx.ownerCandidates(
            environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
            appAccountToken: transaction.appAccountToken)
        guard
            let owner = PurchaseDecision.recipient(
                owner: candidates.owner, orderCustomer: candidates.orderCustomer,
                placeholder: PurchaseDecision.placeholder(for: PurchaseKey(transaction)))
        else {
            throw StorekeeperError.invalidRequest("transaction identifiers are not usable")
        }
        return owner
    }

    /// The order facts are applied in: by purchase (the canonical lock order of ``PurchaseKey``),
    /// then signed date and transaction ID, so every writer applies a batch alike.
    static func lockOrder(_ transactions: [AppleTransaction]) -> [AppleTransaction] {
        transactions.sorted {
            ($0.environment.rawValue, $0.originalTransactionId, $0.signedDate, $0.transactionId)
                < ($1.environment.rawValue, $1.originalTransactionId, $1.signedDate, $1.transactionId)
        }
    }

    // MARK: Recording

    /// Records `transaction` for `customerId`: the store answers whether the fact is new, and
    /// ``PurchaseDecision/recording(_:upsert:kind:for:order:claimed:claimedFromPlaceholder:appliesLifecycle:)``
    /// decides what follows from that answer.
    func record(
        _ transaction: AppleTransaction, for customerId: CustomerID, orderId: UUID?, actor: AuditActor, fact: String,
        now: Timestamp, in tx: any PurchaseStoreTransaction, outcome: inout Outcome, applyLifecycle: Bool = true
    ) async throws {
        let order = try await findOrder(for: transaction, customerId: customerId, orderId: orderId, in: tx)
        let upsert = try await tx.upsertTransaction(transaction, customerId: customerId, orderId: order?.id)
        try await OverviewRollup(app: app).recorded(transaction, upsert: upsert, customerId: customerId, in: tx)
        let kind = app.catalog[transaction.productId]?.kind ?? transaction.productType.flatMap(ProductKind.init(appleType:))
        let decision = PurchaseDecision.recording(
            transaction, upsert: upsert, kind: kind, for: customerId, order: order,
            claimed: outcome.claimed.contains(transaction.transactionId),
            claimedFromPlaceholder: outcome.claimedFromPlaceholder.contains(transaction.transactionId),
            appliesLifecycle: applyLifecycle)
        if decision.isRecorded { outcome.recorded.append(transaction) } else { outcome.replayed.append(transaction) }
        if decision.isInserted { outcome.inserted.append(transaction) }
        switch decision.ledger {
        case .none: break
        case .credit: break  // booked below, with the `purchase.recorded` event that shows it
        case .clawBack: try await clawBack(transaction, from: customerId, actor: actor, fact: fact, now: now, in: tx)
        case .restore: try await restore(transaction, to: customerId, actor: actor, fact: fact, now: now, in: tx)
        }
        if decision.isInserted {
            // One audit event per new purchase, carrying what it credited.
            let credited = decision.ledger == .credit ? try await credit(transaction, to: customerId, now: now, in: tx) : []
            try await tx.append(
                PurchaseDecision.recordedAudit(transaction, for: customerId, credited: credited, actor: actor, fact: fact, now: now))
        }
        if let event = decision.revocationEvent {
            try await tx.append(
                PurchaseDecision.revocationAudit(event, of: transaction, for: customerId, actor: actor, fact: fact, now: now))
        }
        if decision.deliversOrder, let order {
            try await deliver(order, by: transaction, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
        }
        if decision.isFirstGrant { outcome.delivered.append(transaction) }
        if decision.deliversKnownOrder, let order {
            try await deliverKnown(transaction, order: order, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
        }
        if decision.appliesLifecycle {
            try await subscriptions.apply(transaction: transaction, owner: customerId, actor: actor, fact: fact, now: now, in: tx)
        }
        outcome.changedCustomers.insert(customerId)
    }

    // MARK: Wallet

    /// Credits the consumable's currencies × quantity (``PurchaseLedger``); returns the entries
    /// booked now (none when a replay finds them booked already).
    private func credit(
        _ transaction: AppleTransaction, to customerId: CustomerID, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws -> [JournalEntry] {
        var credited: [JournalEntry] = []
        for entry in try credits(transaction, to: customerId, now: now) {
            if case .posted(let balance) = try await tx.post(entry, requireNonNegative: false) {
                credited.append(entry)
                try await events.walletChanged(entry, balance: balance, now: now, in: tx)
            }
        }
        return credited
    }

    /// ``PurchaseLedger/credits(_:to:product:at:)``; an amount that overflows is bad input.
    private func credits(_ transaction: AppleTransaction, to customerId: CustomerID, now: Timestamp) throws -> [JournalEntry] {
        do {
            return try PurchaseLedger.credits(transaction, to: customerId, product: app.catalog[transaction.productId], at: now)
        } catch {
            guard error.code == .amountOverflows else { throw error }
            throw StorekeeperError.invalidRequest(error.reason)
        }
    }

    /// Takes a refunded consumable's currency back under the app's debt policy (``PurchaseLedger``).
    private func clawBack(
        _ transaction: AppleTransaction, from customerId: CustomerID, actor: AuditActor, fact: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction
    ) async throws {
        guard let product = app.catalog[transaction.productId] else { return }
        var balances: [String: Int64] = [:]
        for currency in product.currencies.keys.sorted() {
            balances[currency] = try await tx.balance(.customer(customerId, currency))
        }
        let entries = try PurchaseLedger.clawbacks(
            transaction, from: customerId, product: product, balances: balances, policy: app.policy.debt, at: now)
        for entry in entries {
            if case .posted(let after) = try await tx.post(entry, requireNonNegative: false) {
                try await events.walletChanged(entry, balance: after, now: now, in: tx)
                let refunded = entry.postings.first { $0.account == .issued(entry.currency) }?.amount ?? 0
                try await tx.append(
                    AuditEvent(
                        customerId: customerId, kind: "wallet.clawedBack", actor: actor, subject: entry.key, fact: fact,
                        details: [
                            "currency": entry.currency, "refunded": String(refunded), "collected": String(-entry.customerDelta),
                            "balanceAfter": String(after), "policy": app.policy.debt.rawValue,
                        ], createdAt: now))
            }
        }
    }

    private func restore(
        _ transaction: AppleTransaction, to customerId: CustomerID, actor: AuditActor, fact: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction
    ) async throws {
        guard let product = app.catalog[transaction.productId] else { return }
        for currency in product.currencies.keys.sorted() {
            guard let clawback = try await tx.journalEntry(key: PurchaseLedger.clawbackKey(transaction, currency: currency))
            else { continue }
            let entry = try Wallet.restore(clawback: clawback, at: now)
            if case .posted(let after) = try await tx.post(entry, requireNonNegative: false) {
                try await events.walletChanged(entry, balance: after, now: now, in: tx)
                try await tx.append(
                    AuditEvent(
                        customerId: customerId, kind: "wallet.restored", actor: actor, subject: entry.key, fact: fact,
                        details: ["currency": currency, "balanceAfter": String(after)], createdAt: now))
            }
        }
    }

    // MARK: Entitlements

    /// Whether applying `transactions` and `renewals` can change anyone's grants. Not when every
    /// transaction is of a product that grants none (a currency pack: the most frequent
    /// purchase), which spares ``refreshGrants(of:actor:fact:now:in:)`` its three reads. An empty
    /// presentation (a restore) still refreshes, as a repair.
    func mayChangeGrants(_ transactions: [AppleTransaction], renewals: [RenewalInfo] = []) -> Bool {
        transactions.isEmpty || !renewals.isEmpty || transactions.contains { app.catalog.mayGrantEntitlements($0.productId) }
    }

    /// Recomputes the customer's grants from the facts held (Apple's and the app's operators'
    /// grants) and records what changed (``GrantChange``).
    func refreshGrants(
        of customerId: CustomerID, actor: AuditActor, fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws {
        let purchases = try await tx.oneTimePurchases(customerId: customerId).map(\.transaction)
        var grants = EntitlementCalculator.grants(customerId: customerId, purchases: purchases, catalog: app.catalog)
        grants += try await subscriptions.grants(of: customerId, now: now, in: tx)
        grants += OperatorGrantRules.entitlementGrants(try await tx.operatorGrants(customerId: customerId), appId: app.id)
        let change = GrantChange(before: try await tx.grants(customerId: customerId), after: grants)
        guard !change.isEmpty else { return }
        try await tx.replaceGrants(customerId: customerId, grants: grants)
        try await events.entitlementsChanged(customerId, granted: change.added, removed: change.removed, now: now, in: tx)
        for event in change.audit(of: customerId, actor: actor, fact: fact, now: now) {
            try await tx.append(event)
        }
    }
}
