public import AppStoreModels
public import Foundation

/// The pure step of applying purchase facts: from what the applier loaded (a
/// ``PurchaseWorkspace``, after taking the ``LockSet`` of a ``PurchaseSnapshot``) and the
/// verified facts to a ``PurchasePlan``. No IO: the server's applier loads, asks this, and
/// commits the plan's effects in order.
///
/// The decisions it composes are ``PurchaseDecision`` (ownership, recording),
/// ``PurchaseLedger`` (credits, clawbacks, merges) and ``OrderBook`` (deliveries).
public struct PurchasePlanner: Sendable {
    public var catalog: Catalog
    public var policy: AppPolicy
    public var actor: AuditActor
    public var fact: String
    public var now: Timestamp

    public init(catalog: Catalog, policy: AppPolicy, actor: AuditActor, fact: String, now: Timestamp) {
        self.catalog = catalog
        self.policy = policy
        self.actor = actor
        self.fact = fact
        self.now = now
    }

    /// Facts presented by `presenter` (a client submission or a restore). `snapshot` is what
    /// the locks were taken for: the other customers whose orders the tokens name.
    public func presented(
        _ transactions: [AppleTransaction], renewals: [RenewalInfo], by presenter: CustomerID, orderId: UUID?,
        snapshot: PurchaseSnapshot, in workspace: PurchaseWorkspace
    ) throws -> PurchasePlan {
        var workspace = workspace
        var outcome = PurchaseOutcome(customerId: presenter)
        workspace.ensureCustomer(presenter)
        for transaction in Self.applyingOrder(transactions) {
            let orderCustomer = transaction.appAccountToken.flatMap { snapshot.orderCustomers[$0] }
            // Presenting a purchase shows the presenter signed in with its Apple account, whoever
            // the policy then says owns it.
            workspace.linkAppleAccount(of: transaction, to: presenter, actor: actor, fact: fact, now: now)
            if let orderCustomer {
                try recordForOrderCustomer(transaction, orderCustomer: orderCustomer, in: &workspace, outcome: &outcome)
            }
            guard try claimOwnership(of: transaction, for: presenter, orderCustomer: orderCustomer, in: &workspace, outcome: &outcome)
            else { continue }
            try record(transaction, for: presenter, orderId: orderId, in: &workspace, outcome: &outcome)
        }
        if outcome.refusedOwner == nil {
            for renewal in renewals {
                guard let owner = try workspace.owner(of: PurchaseKey(renewal)) else { continue }
                // Confirms, under the locks, the owner read before them.
                _ = try workspace.claimOwner(PurchaseKey(renewal), for: owner)
                workspace.applySubscription(SubscriptionFact(renewal: renewal), owner: owner)
                outcome.changedCustomers.insert(owner)
            }
        }
        outcome.changedCustomers.insert(presenter)
        if mayChangeGrants(transactions, renewals: renewals) { workspace.refreshGrants(outcome.changedCustomers) }
        return plan(workspace, outcome)
    }

    /// Facts from Apple (notifications, history sweeps, status refreshes), for `recipient`:
    /// whoever owns the purchase, else the customer of the order its token names, else the
    /// unclaimed placeholder (``PurchaseDecision/recipient(owner:orderCustomer:placeholder:)``).
    /// A batch's other purchases stay with owners of their own.
    public func fromApple(
        _ transactions: [AppleTransaction], recipient: CustomerID, in workspace: PurchaseWorkspace
    ) throws
        -> PurchasePlan
    {
        var workspace = workspace
        var outcome = PurchaseOutcome(customerId: recipient)
        workspace.ensureCustomer(recipient)
        for transaction in Self.applyingOrder(transactions) {
            let customer = try workspace.claimOwner(PurchaseKey(transaction), for: recipient)
            try record(transaction, for: customer, orderId: nil, in: &workspace, outcome: &outcome)
            outcome.changedCustomers.insert(customer)
        }
        if mayChangeGrants(transactions) { workspace.refreshGrants(outcome.changedCustomers) }
        return plan(workspace, outcome)
    }

    /// A whole subscription fact from Apple (a notification or a status refresh) for `owner`:
    /// its transactions are recorded, then the lifecycle applies the fact once, with its status
    /// and renewal info.
    public func subscriptionFact(
        _ subscriptionFact: SubscriptionFact, owner: CustomerID, in workspace: PurchaseWorkspace
    )
        throws -> PurchasePlan
    {
        var workspace = workspace
        var outcome = PurchaseOutcome(customerId: owner)
        workspace.ensureCustomer(owner)
        let purchase = PurchaseKey(environment: subscriptionFact.environment, originalTransactionId: subscriptionFact.originalTransactionId)
        _ = try workspace.claimOwner(purchase, for: owner)
        for transaction in subscriptionFact.transactions.sorted(by: { $0.signedDate < $1.signedDate }) {
            try record(transaction, for: owner, orderId: nil, in: &workspace, outcome: &outcome, applyLifecycle: false)
        }
        workspace.applySubscription(subscriptionFact, owner: owner)
        outcome.changedCustomers.insert(owner)
        workspace.refreshGrants(outcome.changedCustomers)
        return plan(workspace, outcome)
    }

    /// The order facts are applied in: by purchase (the canonical lock order of ``PurchaseKey``),
    /// then signed date and transaction ID, so every writer applies a batch alike.
    public static func applyingOrder(_ transactions: [AppleTransaction]) -> [AppleTransaction] {
        transactions.sorted {
            ($0.environment.rawValue, $0.originalTransactionId, $0.signedDate, $0.transactionId)
                < ($1.environment.rawValue, $1.originalTransactionId, $1.signedDate, $1.transactionId)
        }
    }

    /// Whether applying `transactions` and `renewals` can change anyone's grants. Not when every
    /// transaction is of a product that grants none (a currency pack: the most frequent
    /// purchase), which spares the grant refresh its reads. An empty presentation (a restore)
    /// still refreshes, as a repair.
    public func mayChangeGrants(_ transactions: [AppleTransaction], renewals: [RenewalInfo] = []) -> Bool {
        transactions.isEmpty || !renewals.isEmpty || transactions.contains { catalog.mayGrantEntitlements($0.productId) }
    }

    private func plan(_ workspace: PurchaseWorkspace, _ outcome: PurchaseOutcome) -> PurchasePlan {
        PurchasePlan(effects: workspace.effects, outcome: outcome, actor: actor, fact: fact, now: now)
    }

    // MARK: Recording

    /// Records `transaction` for `customer`: the workspace says whether the fact is new, and
    /// ``PurchaseDecision/recording(_:upsert:kind:for:order:claimed:claimedFromPlaceholder:appliesLifecycle:)``
    /// decides what follows from that.
    func record(
        _ transaction: AppleTransaction, for customer: CustomerID, orderId: UUID?, in workspace: inout PurchaseWorkspace,
        outcome: inout PurchaseOutcome, applyLifecycle: Bool = true
    ) throws {
        let order = try findOrder(for: transaction, customer: customer, orderId: orderId, in: workspace)
        let upsert = try workspace.upsert(transaction, for: customer, orderId: order?.id, now: now)
        workspace.linkAppleAccount(of: transaction, to: customer, actor: actor, fact: fact, now: now)
        let kind = catalog[transaction.productId]?.kind ?? transaction.productType.flatMap(ProductKind.init(appleType:))
        let decision = PurchaseDecision.recording(
            transaction, upsert: upsert, kind: kind, for: customer, order: order,
            claimed: outcome.claimed.contains(transaction.transactionId),
            claimedFromPlaceholder: outcome.claimedFromPlaceholder.contains(transaction.transactionId),
            appliesLifecycle: applyLifecycle)
        if decision.isRecorded { outcome.recorded.append(transaction) } else { outcome.replayed.append(transaction) }
        if decision.isInserted { outcome.inserted.append(transaction) }
        switch decision.ledger {
        case .none, .credit: break  // a credit is booked below, with the `purchase.recorded` event that shows it
        case .clawBack: try clawBack(transaction, from: customer, in: &workspace)
        case .restore: try restore(transaction, to: customer, in: &workspace)
        }
        if decision.isInserted {
            // One audit event per new purchase, carrying what it credited; listed before the
            // credits' postings, so that a store may send it with them (it reads nothing).
            let credited = decision.ledger == .credit ? try credits(transaction, to: customer, in: workspace) : []
            workspace.append(
                PurchaseDecision.recordedAudit(transaction, for: customer, credited: credited, actor: actor, fact: fact, now: now))
            for entry in credited { _ = workspace.post(entry, then: .notify) }
        }
        if let event = decision.revocationEvent {
            workspace.append(
                PurchaseDecision.revocationAudit(event, of: transaction, for: customer, actor: actor, fact: fact, now: now))
        }
        if decision.deliversOrder, let order {
            try deliver(order, by: transaction, in: &workspace, outcome: &outcome)
        }
        if decision.isFirstGrant { outcome.delivered.append(transaction) }
        if decision.deliversKnownOrder, let order {
            try deliverKnown(transaction, order: order, in: &workspace, outcome: &outcome)
        }
        if decision.appliesLifecycle {
            workspace.applySubscription(SubscriptionFact(transaction: transaction), owner: customer)
        }
        outcome.changedCustomers.insert(customer)
    }
}
