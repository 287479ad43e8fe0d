import AppStoreModels

/// Ownership: who a presented purchase belongs to, as ``PurchaseDecision`` decides it.
///
/// A purchase's `appAccountToken` naming a customer's order is evidence that the purchase is that
/// customer's, whoever presents it and whatever arrives first: Apple's facts go to the order's
/// customer, and so does a presentation by anyone else
/// (``recordForOrderCustomer(_:orderCustomer:in:outcome:)``). The presenter then gets what the
/// transfer policy says when a purchase has another owner
/// (``claimOwnership(of:for:orderCustomer:in:outcome:)``): it moves (`transfer`), stays (`keep`),
/// or is refused (`refuse`); a consumable is never credited to the presenter.
extension PurchasePlanner {
    /// Records `transaction` for `orderCustomer`, whose order its token names, before another
    /// customer's presentation is judged: the order's customer gets the purchase (the order
    /// delivered, a consumable credited, entitlements granted) exactly as when the App Store's
    /// notification comes first. Nothing when a third customer owns the purchase already.
    func recordForOrderCustomer(
        _ transaction: AppleTransaction, orderCustomer: CustomerID, in workspace: inout PurchaseWorkspace,
        outcome: inout PurchaseOutcome
    ) throws {
        let owner = try workspace.claimOwner(PurchaseKey(transaction), for: orderCustomer)
        var forOrder = PurchaseOutcome(customerId: orderCustomer)
        switch PurchaseDecision.forOrderCustomer(orderCustomer, owner: owner) {
        case .leave:
            return
        case .claimFromPlaceholder(let placeholder):
            workspace.ensureCustomer(orderCustomer)
            try claim(transaction, from: placeholder, for: orderCustomer, in: &workspace, outcome: &forOrder)
        case .record:
            workspace.ensureCustomer(orderCustomer)
        }
        try record(transaction, for: orderCustomer, orderId: nil, in: &workspace, outcome: &forOrder)
        // Granted now, as a notification would have: a transfer to the presenter that follows
        // then removes the grants just as it would after the notification.
        if mayChangeGrants([transaction]) { workspace.refreshGrants(forOrder.changedCustomers) }
        // Counted for metrics (a new sandbox purchase, a delivery); the presenter's answer does
        // not show the order's customer's purchase or order.
        outcome.inserted += forOrder.inserted
        outcome.delivered += forOrder.delivered
        outcome.changedCustomers.formUnion(forOrder.changedCustomers)
    }

    /// Decides who owns `transaction`'s purchase when `presenter` presents it. Returns whether
    /// the presenter records it. `orderCustomer` is the other customer whose order the
    /// transaction's token names, if any.
    func claimOwnership(
        of transaction: AppleTransaction, for presenter: CustomerID, orderCustomer: CustomerID?,
        in workspace: inout PurchaseWorkspace, outcome: inout PurchaseOutcome
    ) throws -> Bool {
        let purchase = PurchaseKey(transaction)
        // A purchase nobody owns yet becomes the presenter's.
        let owner = try workspace.claimOwner(purchase, for: presenter)
        let decision = PurchaseDecision.ownership(
            presentedBy: presenter, owner: owner, orderCustomer: orderCustomer, kind: catalog[transaction.productId]?.kind,
            policy: policy.transfer)
        switch decision {
        case .presenterOwns:
            break
        case .claimFromPlaceholder(let placeholder):
            try claim(transaction, from: placeholder, for: presenter, in: &workspace, outcome: &outcome)
        case .consumableUsedUp:
            outcome.replayed.append(transaction)
        case .transfer(let previous):
            workspace.move(purchase, to: presenter)
            outcome.changedCustomers.insert(previous)
            outcome.claimed.insert(transaction.transactionId)
        case .keep(let kept):
            outcome.keptByOther.append((transaction, kept))
        case .refuse(let refused):
            outcome.refusedOwner = refused
        }
        for event in PurchaseDecision.audit(
            of: decision, purchase: purchase, productId: transaction.productId, presentedBy: presenter,
            orderCustomer: orderCustomer, appTransactionId: transaction.appTransactionId, actor: actor, fact: fact, now: now)
        {
            workspace.append(event)
        }
        return decision.presenterRecords
    }

    /// Takes the purchase over from the placeholder that held it since the App Store's
    /// notification came first, with what the notification credited to it.
    private func claim(
        _ transaction: AppleTransaction, from placeholder: CustomerID, for customer: CustomerID,
        in workspace: inout PurchaseWorkspace, outcome: inout PurchaseOutcome
    ) throws {
        let purchase = PurchaseKey(transaction)
        workspace.move(purchase, to: customer)
        // The placeholder holds this purchase only: its currency is the claimer's.
        for entry in try PurchaseLedger.merges(
            from: placeholder, into: customer, balances: try workspace.balances(of: placeholder), at: now)
        {
            _ = workspace.post(entry, then: .notify)
        }
        outcome.claimed.insert(transaction.transactionId)
        outcome.claimedFromPlaceholder.insert(transaction.transactionId)
        workspace.append(PurchaseDecision.claimAudit(of: purchase, from: placeholder, by: customer, actor: actor, fact: fact, now: now))
        outcome.changedCustomers.insert(placeholder)
    }
}
