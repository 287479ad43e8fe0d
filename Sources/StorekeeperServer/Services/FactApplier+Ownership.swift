import AppStoreModels
import Foundation
import Storekeeper

/// Ownership: who a presented purchase belongs to, as ``PurchaseDecision`` decides it, booked.
///
/// A purchase's `appAccountToken` naming a customer's order is evidence that the purchase is that
/// customer's, whoever presents it and whatever arrives first: the App Store's notification
/// credits the order's customer (``FactApplier/resolveOwner(_:in:)``), and so does a presentation
/// by anyone else (``recordForOrderCustomer(_:orderCustomer:locks:actor:fact:now:in:outcome:)``).
/// The presenter then gets what the transfer policy says when a purchase has another owner
/// (``claimOwnership(of:for:orderCustomer:locks:actor:fact:now:in:outcome:)``): it moves
/// (`transfer`), stays (`keep`), or is refused (`refuse`); a consumable is never credited to the
/// presenter. Every customer involved is locked before (``LockSet``).
extension FactApplier {
    /// Records `transaction` for `orderCustomer`, whose order its token names, before another
    /// customer's presentation is judged: the order's customer gets the purchase (the order
    /// delivered, a consumable credited, entitlements granted) exactly as when the App Store's
    /// notification comes first. Nothing when a third customer owns the purchase already.
    func recordForOrderCustomer(
        _ transaction: AppleTransaction, orderCustomer: CustomerID, locks: LockSet, actor: AuditActor, fact: String,
        now: Timestamp, in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws {
        let owner = try await tx.claimOwner(
            environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
            customerId: orderCustomer)
        try requireLocked(owner, locks)
        var forOrder = Outcome(customerId: orderCustomer)
        switch PurchaseDecision.forOrderCustomer(orderCustomer, owner: owner) {
        case .leave:
            return
        case .claimFromPlaceholder(let placeholder):
            try await tx.ensureCustomer(Customer(id: orderCustomer, createdAt: now))
            try await claim(
                transaction, from: placeholder, for: orderCustomer, actor: actor, fact: fact, now: now, in: tx, outcome: &forOrder)
        case .record:
            try await tx.ensureCustomer(Customer(id: orderCustomer, createdAt: now))
        }
        try await record(transaction, for: orderCustomer, orderId: nil, actor: actor, fact: fact, now: now, in: tx, outcome: &forOrder)
        // Granted now, as a notification would have: a transfer to the presenter that follows
        // then removes the grants just as it would after the notification.
        if mayChangeGrants([transaction]) {
            for customer in forOrder.changedCustomers.sorted() {
                try await refreshGrants(of: customer, actor: actor, fact: fact, now: now, in: tx)
            }
        }
        // Counted for metrics (a new sandbox purchase, a delivery); the presenter's answer does
        // not show the order's customer's purchase or order.
        outcome.inserted += forOrder.inserted
        outcome.delivered += forOrder.delivered
        outcome.changedCustomers.formUnion(forOrder.changedCustomers)
    }

    /// Decides who owns `transaction`'s purchase when `customerId` presents it, and books the
    /// decision. Returns whether the presenter may record it. `orderCustomer` is the other
    /// customer whose order the transaction's token names, if any.
    func claimOwnership(
        of transaction: AppleTransaction, for customerId: CustomerID, orderCustomer: CustomerID?, locks: LockSet,
        actor: AuditActor, fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws -> Bool {
        let purchase = PurchaseKey(transaction)
        // A purchase nobody owns yet becomes the presenter's.
        let owner = try await tx.claimOwner(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId, customerId: customerId)
        try requireLocked(owner, locks)
        let decision = PurchaseDecision.ownership(
            presentedBy: customerId, owner: owner, orderCustomer: orderCustomer, kind: app.catalog[transaction.productId]?.kind,
            policy: app.policy.transfer)
        switch decision {
        case .presenterOwns:
            break
        case .claimFromPlaceholder(let placeholder):
            try await claim(transaction, from: placeholder, for: customerId, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
        case .consumableUsedUp:
            outcome.replayed.append(transaction)
        case .transfer(let previous):
            try await move(purchase, from: previous, to: customerId, in: tx)
            outcome.changedCustomers.insert(previous)
            outcome.claimed.insert(transaction.transactionId)
        case .keep(let kept):
            outcome.keptByOther.append((transaction, kept))
        case .refuse(let refused):
            outcome.refusedOwner = refused
        }
        for event in PurchaseDecision.audit(
            of: decision, purchase: purchase, productId: transaction.productId, presentedBy: customerId,
            orderCustomer: orderCustomer, actor: actor, fact: fact, now: now)
        {
            try await tx.append(event)
        }
        return decision.presenterRecords
    }

    /// Takes the purchase over from the placeholder that held it since the App Store's
    /// notification came first, with what the notification credited to it.
    private func claim(
        _ transaction: AppleTransaction, from placeholder: CustomerID, for customerId: CustomerID, actor: AuditActor,
        fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws {
        let purchase = PurchaseKey(transaction)
        try await move(purchase, from: placeholder, to: customerId, in: tx)
        // The placeholder holds this purchase only: its currency is the claimer's.
        let balances = try await tx.balances(customerId: placeholder)
        for entry in try PurchaseLedger.merges(from: placeholder, into: customerId, balances: balances, at: now) {
            if case .posted(let after) = try await tx.post(entry, requireNonNegative: false) {
                try await events.walletChanged(entry, balance: after, now: now, in: tx)
            }
        }
        outcome.claimed.insert(transaction.transactionId)
        outcome.claimedFromPlaceholder.insert(transaction.transactionId)
        try await tx.append(
            PurchaseDecision.claimAudit(of: purchase, from: placeholder, by: customerId, actor: actor, fact: fact, now: now))
        outcome.changedCustomers.insert(placeholder)
    }

    func move(
        _ purchase: PurchaseKey, from owner: CustomerID, to customerId: CustomerID, in tx: any PurchaseStoreTransaction
    )
        async throws
    {
        try await tx.setOwner(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId, customerId: customerId)
        try await tx.reassignTransactions(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId, to: customerId)
        try await subscriptions.reassign(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId, to: customerId, in: tx)
    }
}
