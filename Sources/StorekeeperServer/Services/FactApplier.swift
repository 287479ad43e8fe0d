import AppStoreModels
import Foundation
import Storekeeper

/// Applies verified Apple facts to the store inside one write transaction: ownership, the
/// transaction record, wallet postings, order delivery, derived entitlements and audit events.
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

    /// Prefix of customers that hold purchases nobody has claimed yet (a notification arrived
    /// before the app presented the purchase).
    static let unclaimedPrefix = "unclaimed:"

    static func unclaimedCustomer(_ transaction: AppleTransaction) -> CustomerID? {
        CustomerID(rawValue: "\(unclaimedPrefix)\(transaction.environment.rawValue):\(transaction.originalTransactionId)")
    }

    /// Facts presented by `customerId` (a client submission or a restore).
    func applyPresented(
        _ transactions: [AppleTransaction], renewals: [RenewalInfo], by customerId: CustomerID, orderId: UUID?,
        actor: AuditActor, fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws -> Outcome {
        var outcome = Outcome(customerId: customerId)
        let ordered = Self.lockOrder(transactions)
        // Customers whose orders the presented tokens name: each such purchase is theirs.
        let orderCustomers = try await orderCustomers(of: ordered, presentedBy: customerId, in: tx)
        // Customers first (in order), then purchases: the last customer's lock and the first
        // purchase's in one round trip; later purchases are locked when the loop reaches them (a
        // transfer may lock their owner in between).
        let customers = Set(orderCustomers.values).union([customerId]).sorted()
        for other in customers.dropLast() { try await tx.lock(customer: other) }
        try await tx.lock(customer: customers[customers.count - 1], purchases: ordered.prefix(1).map(Self.purchaseLock))
        try await tx.ensureCustomer(Customer(id: customerId, createdAt: now))
        for (index, transaction) in ordered.enumerated() {
            if index > 0 {
                try await tx.lock(environment: transaction.environment, originalTransactionId: transaction.originalTransactionId)
            }
            if let token = transaction.appAccountToken, let orderCustomer = orderCustomers[token] {
                try await recordForOrderCustomer(
                    transaction, orderCustomer: orderCustomer, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
            }
            guard
                try await claimOwnership(
                    of: transaction, for: customerId, orderCustomer: transaction.appAccountToken.flatMap { orderCustomers[$0] },
                    actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
            else { continue }
            try await record(
                transaction, for: customerId, orderId: orderId, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
        }
        if outcome.refusedOwner == nil {
            for renewal in renewals {
                guard let owner = try await tx.owner(environment: renewal.environment, originalTransactionId: renewal.originalTransactionId)
                else { continue }
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
        // Nothing below locks another customer, so every purchase is locked up front, in one
        // round trip with the owner's lock.
        try await tx.lock(customer: owner, purchases: Self.distinctPurchaseLocks(ordered))
        try await tx.ensureCustomer(Customer(id: owner, createdAt: now))
        for transaction in ordered {
            let customer = try await tx.claimOwner(
                environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
                customerId: owner)
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
        let owner: CustomerID
        if let stored = try await tx.owner(environment: fact.environment, originalTransactionId: fact.originalTransactionId) {
            owner = stored
        } else if let transaction = fact.transaction {
            owner = try await resolveOwner(transaction, in: tx)
        } else if let placeholder = CustomerID(
            rawValue: "\(Self.unclaimedPrefix)\(fact.environment.rawValue):\(fact.originalTransactionId)")
        {
            owner = placeholder
        } else {
            throw StorekeeperError.invalidRequest("subscription identifiers are not usable")
        }
        var outcome = Outcome(customerId: owner)
        try await tx.lock(customer: owner, purchases: [(fact.environment, fact.originalTransactionId)])
        try await tx.ensureCustomer(Customer(id: owner, createdAt: now))
        _ = try await tx.claimOwner(environment: fact.environment, originalTransactionId: fact.originalTransactionId, customerId: owner)
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
        if let owner = candidates.owner ?? candidates.orderCustomer { return owner }
        guard let placeholder = Self.unclaimedCustomer(transaction) else {
            throw StorekeeperError.invalidRequest("transaction identifiers are not usable")
        }
        return placeholder
    }

    static func purchaseLock(_ transaction: AppleTransaction) -> PurchaseLock {
        (transaction.environment, transaction.originalTransactionId)
    }

    /// The purchases of `ordered` (in `lockOrder`), each once.
    static func distinctPurchaseLocks(_ ordered: [AppleTransaction]) -> [PurchaseLock] {
        var seen: Set<String> = []
        return ordered.filter { seen.insert("\($0.environment.rawValue):\($0.originalTransactionId)").inserted }
            .map(purchaseLock)
    }

    /// Locks in a stable order so two writers never wait on each other in a cycle.
    static func lockOrder(_ transactions: [AppleTransaction]) -> [AppleTransaction] {
        transactions.sorted {
            ($0.environment.rawValue, $0.originalTransactionId, $0.signedDate, $0.transactionId)
                < ($1.environment.rawValue, $1.originalTransactionId, $1.signedDate, $1.transactionId)
        }
    }

    // MARK: Recording

    func record(
        _ transaction: AppleTransaction, for customerId: CustomerID, orderId: UUID?, actor: AuditActor, fact: String,
        now: Timestamp, in tx: any PurchaseStoreTransaction, outcome: inout Outcome, applyLifecycle: Bool = true
    ) async throws {
        let order = try await findOrder(for: transaction, customerId: customerId, orderId: orderId, in: tx)
        let result = try await tx.upsertTransaction(transaction, customerId: customerId, orderId: order?.id)
        let kind = app.catalog[transaction.productId]?.kind ?? transaction.productType.flatMap(ProductKind.init(appleType:))
        let subject = "\(transaction.environment.rawValue):\(transaction.transactionId)"
        switch result {
        case .unchanged:
            // New to this customer when just claimed from the App Store's placeholder.
            if outcome.claimed.contains(transaction.transactionId) {
                outcome.recorded.append(transaction)
            } else {
                outcome.replayed.append(transaction)
            }
        case .inserted:
            outcome.recorded.append(transaction)
            outcome.inserted.append(transaction)
            // One audit event per new purchase, carrying what it credited.
            var details = [
                "productId": transaction.productId, "quantity": String(transaction.quantity),
                "environment": transaction.environment.rawValue, "source": transaction.source.rawValue,
            ]
            if kind == .consumable, !transaction.isRevoked {
                for (currency, amount) in try await credit(transaction, to: customerId, now: now, in: tx) {
                    details["credited." + currency] = String(amount)
                }
            }
            if transaction.isRevoked {
                details["revocationDate"] = transaction.revocationDate.map { String($0.millisecondsSince1970) }
            }
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "purchase.recorded", actor: actor, subject: subject, fact: fact,
                    details: details, createdAt: now))
            if let order, !transaction.isRevoked {
                try await deliver(order, by: transaction, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
            }
        case .updated(let previous):
            outcome.recorded.append(transaction)
            if kind == .consumable {
                if transaction.isRevoked && !previous.isRevoked {
                    try await clawBack(transaction, from: customerId, actor: actor, fact: fact, now: now, in: tx)
                } else if !transaction.isRevoked && previous.isRevoked {
                    try await restore(transaction, to: customerId, actor: actor, fact: fact, now: now, in: tx)
                }
            }
            if transaction.isRevoked != previous.isRevoked {
                try await tx.append(
                    AuditEvent(
                        customerId: customerId, kind: transaction.isRevoked ? "purchase.revoked" : "purchase.restored",
                        actor: actor, subject: subject, fact: fact,
                        details: [
                            "productId": transaction.productId,
                            "revocationDate": transaction.revocationDate.map { String($0.millisecondsSince1970) } ?? "",
                            "reason": transaction.revocationReason.map { String($0.rawValue) } ?? "",
                        ], createdAt: now))
            }
        }
        let firstGrant = result == .inserted || outcome.claimedFromPlaceholder.contains(transaction.transactionId)
        if firstGrant, !transaction.isRevoked, !customerId.rawValue.hasPrefix(Self.unclaimedPrefix) {
            outcome.delivered.append(transaction)
        }
        if result != .inserted, let order, order.state != .delivered, !transaction.isRevoked {
            try await deliverKnown(transaction, order: order, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
        }
        if kind == .autoRenewableSubscription, applyLifecycle {
            try await subscriptions.apply(transaction: transaction, owner: customerId, actor: actor, fact: fact, now: now, in: tx)
        }
        outcome.changedCustomers.insert(customerId)
    }

    // MARK: Wallet

    /// Credits the consumable's currencies × quantity; returns what was booked.
    private func credit(
        _ transaction: AppleTransaction, to customerId: CustomerID, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws -> [(String, Int64)] {
        guard let product = app.catalog[transaction.productId] else { return [] }
        var credited: [(String, Int64)] = []
        for (currency, amount) in product.currencies.sorted(by: { $0.key < $1.key }) {
            let (total, overflow) = amount.multipliedReportingOverflow(by: Int64(max(1, transaction.quantity)))
            guard !overflow else { throw StorekeeperError.invalidRequest("currency amount overflows") }
            let entry = try Wallet.credit(customerId, currency: currency, amount: total, transaction: transaction, at: now)
            if case .posted(let balance) = try await tx.post(entry, requireNonNegative: false) {
                credited.append((currency, total))
                try await events.walletChanged(entry, balance: balance, now: now, in: tx)
            }
        }
        return credited
    }

    private func clawBack(
        _ transaction: AppleTransaction, from customerId: CustomerID, actor: AuditActor, fact: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction
    ) async throws {
        guard let product = app.catalog[transaction.productId] else { return }
        for (currency, amount) in product.currencies.sorted(by: { $0.key < $1.key }) {
            let total = amount * Int64(max(1, transaction.quantity))
            let balance = try await tx.balance(.customer(customerId, currency))
            let entry = try Wallet.clawback(
                customerId, currency: currency, amount: total, balance: balance, policy: app.policy.debt,
                transaction: transaction, at: now)
            if case .posted(let after) = try await tx.post(entry, requireNonNegative: false) {
                try await events.walletChanged(entry, balance: after, now: now, in: tx)
                try await tx.append(
                    AuditEvent(
                        customerId: customerId, kind: "wallet.clawedBack", actor: actor, subject: entry.key, fact: fact,
                        details: [
                            "currency": currency, "refunded": String(total), "collected": String(-entry.customerDelta),
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
            let key = "clawback:\(transaction.environment.rawValue):\(transaction.transactionId):\(currency)"
            guard let clawback = try await tx.journalEntry(key: key) else { continue }
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

    /// Recomputes the customer's grants from the facts held and records what changed.
    func refreshGrants(
        of customerId: CustomerID, actor: AuditActor, fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws {
        let purchases = try await tx.oneTimePurchases(customerId: customerId).map(\.transaction)
        var grants = EntitlementCalculator.grants(customerId: customerId, purchases: purchases, catalog: app.catalog)
        grants += try await subscriptions.grants(of: customerId, now: now, in: tx)
        let before = try await tx.grants(customerId: customerId)
        guard Set(before) != Set(grants) else { return }
        try await tx.replaceGrants(customerId: customerId, grants: grants)
        let added = Set(grants).subtracting(before)
        let removed = Set(before).subtracting(grants)
        try await events.entitlementsChanged(
            customerId, granted: added.sorted { $0.entitlement < $1.entitlement },
            removed: removed.sorted { $0.entitlement < $1.entitlement }, now: now, in: tx)
        for grant in added.sorted(by: { $0.entitlement < $1.entitlement }) {
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "entitlement.granted", actor: actor, subject: grant.entitlement, fact: fact,
                    details: [
                        "productId": grant.productId, "source": grant.source.description,
                        "expiresAt": grant.expiresAt.map { String($0.millisecondsSince1970) } ?? "never",
                    ], createdAt: now))
        }
        for grant in removed.sorted(by: { $0.entitlement < $1.entitlement })
        where !added.contains(where: { $0.entitlement == grant.entitlement && $0.source == grant.source }) {
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "entitlement.removed", actor: actor, subject: grant.entitlement, fact: fact,
                    details: ["productId": grant.productId, "source": grant.source.description], createdAt: now))
        }
    }
}
