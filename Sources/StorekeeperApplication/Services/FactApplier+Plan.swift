import AppStoreModels
package import Foundation
package import Storekeeper

/// The two IO halves around ``PurchasePlanner``: what it needs loaded under the locks, and its
/// plan committed.
extension FactApplier {
    /// Loads, under the locks, what planning `transactions` reads (``PurchaseWorkspace``): the
    /// stored record of each transaction (none to read for a purchase read as nobody's); for app
    /// customers, the orders a presentation or a token names and, when a transaction has no order by token, their open orders; the balances a
    /// placeholder claim moves (`presentation`); and, for a refunded or reinstated consumable,
    /// every customer's balances and the clawback and restore entries of its currencies; the
    /// customers linked to each Apple account a customer may join (locked with the rest).
    /// `owners` were read before the locks; the plan's ownership claims check them on commit.
    package func load(
        _ transactions: [AppleTransaction], owners: [PurchaseKey: CustomerID?], orderId: UUID?, locks: LockSet,
        presentation: Bool, in tx: any LedgerStoreReader & OrderStoreReader & TransactionStoreReader & AppleAccountStoreReader
    ) async throws -> PurchaseWorkspace {
        var workspace = PurchaseWorkspace(owners: owners)
        for account in locks.orderedAppleAccounts {
            // Another app's customers are nobody this app's customers share an account with.
            workspace.appleAccounts[account] = try await tx.appleAccountCustomers(account).compactMap(ownCustomer)
        }
        for transaction in transactions where workspace.transactions[TransactionRef(transaction)] == nil {
            // A purchase nobody owned when read had no stored transaction then: a transaction is
            // recorded only after its purchase is claimed, in the same write. One recorded since
            // fails the plan's ownership or upsert check, and the write runs again.
            let unowned = owners[PurchaseKey(transaction)].map { $0 == nil } ?? false
            workspace.transactions[TransactionRef(transaction)] = .some(
                unowned ? nil : try await tx.transaction(environment: transaction.environment, transactionId: transaction.transactionId))
        }
        let customers = locks.orderedCustomers.filter { !PurchaseDecision.isPlaceholder($0) }
        if !customers.isEmpty {
            if let orderId, let order = try await tx.order(id: orderId), ownCustomer(order.customerId) != nil {
                workspace.orders[order.id] = order
            }
            var matchesOpenOrders = false
            for transaction in transactions {
                guard let token = transaction.appAccountToken else {
                    matchesOpenOrders = true
                    continue
                }
                if workspace.tokenOrders[token] == nil {
                    // Another app's order is no order of this purchase's.
                    let order = try await tx.order(appAccountToken: token).flatMap { ownCustomer($0.customerId) != nil ? $0 : nil }
                    workspace.tokenOrders[token] = .some(order?.id)
                    if let order { workspace.orders[order.id] = order }
                }
                if case .some(nil) = workspace.tokenOrders[token] { matchesOpenOrders = true }
            }
            if matchesOpenOrders {
                for customer in customers {
                    let open = try await tx.openOrders(customerId: customer)
                    workspace.openOrders[customer] = open.map(\.id)
                    for order in open where workspace.orders[order.id] == nil { workspace.orders[order.id] = order }
                }
            }
        }
        if presentation {
            for customer in locks.orderedCustomers where PurchaseDecision.isPlaceholder(customer) {
                workspace.balances[customer] = try await tx.balances(customerId: customer)
            }
        }
        let refunds = transactions.filter { transaction in
            guard app.catalog[transaction.productId]?.kind == .consumable else { return false }
            let stored = workspace.transactions[TransactionRef(transaction)] ?? nil
            return transaction.isRevoked || stored?.transaction.isRevoked == true
        }
        guard !refunds.isEmpty else { return workspace }
        for customer in locks.orderedCustomers where workspace.balances[customer] == nil {
            workspace.balances[customer] = try await tx.balances(customerId: customer)
        }
        for transaction in refunds {
            for currency in (app.catalog[transaction.productId]?.currencies.keys).map(Array.init) ?? [] {
                let clawback = PurchaseLedger.clawbackKey(transaction, currency: currency)
                for key in [clawback, PurchaseLedger.restoreKey(ofClawback: clawback)] {
                    workspace.journal[key] = .some(try await tx.journalEntry(key: key))
                }
            }
        }
        return workspace
    }

    /// Writes the plan's effects in order. A write whose answer differs from the one planned
    /// (an owner, a transaction record or an order link that moved after the unlocked read)
    /// fails the transaction as a serialization failure, so that the store runs it again from
    /// the start. Returns the subscription lifecycle's actions.
    @discardableResult
    package func commit(_ plan: PurchasePlan, in tx: any FactApplier.Aggregates) async throws -> [SubscriptionAction] {
        var actions: [SubscriptionAction] = []
        var recorded = RecordedSubscriptionStates()
        for effect in plan.effects {
            switch effect {
            case .ensureCustomer(let customer):
                try await tx.createCustomerIfMissing(Customer(id: customer, createdAt: plan.now))
            case .claimOwner(let purchase, let customer, let expected):
                try await tx.claimOwner(
                    environment: purchase.environment, originalTransactionId: purchase.originalTransactionId,
                    customerId: customer, expecting: expected)
            case .moveOwner(let purchase, let customer):
                try await move(purchase, to: customer, in: tx)
            case .upsertTransaction(let transaction, let customer, let orderId, .inserted):
                // A new record needs no answer read back (a store may send it with its next write).
                try await tx.insertTransaction(transaction, customerId: customer, orderId: orderId)
                try await OverviewRollup(app: app).recorded(transaction, upsert: .inserted, customerId: customer, in: tx)
            case .upsertTransaction(let transaction, let customer, let orderId, let expected):
                let upsert = try await tx.upsertTransaction(transaction, customerId: customer, orderId: orderId)
                guard upsert.isSameOutcome(as: expected) else {
                    throw PurchaseStoreError.changedSinceRead("transaction \(TransactionRef(transaction)) was recorded after it was read")
                }
                try await OverviewRollup(app: app).recorded(transaction, upsert: upsert, customerId: customer, in: tx)
            case .post(let entry, let followUp):
                guard case .posted(let balance) = try await tx.post(entry, requireNonNegative: false) else {
                    throw PurchaseStoreError.changedSinceRead("journal entry \(entry.key) was booked after it was read")
                }
                try await events.walletChanged(entry, balance: balance, now: plan.now, in: tx)
                if let event = followUp.audit(of: entry, balanceAfter: balance, actor: plan.actor, fact: plan.fact, now: plan.now) {
                    try await tx.append(event)
                }
            case .updateOrder(let order):
                try await tx.updateOrder(order)
            case .linkOrder(let orderId, let environment, let transactionId):
                guard try await tx.linkOrder(orderId, environment: environment, transactionId: transactionId) else {
                    throw PurchaseStoreError.changedSinceRead(
                        "transaction \(environment.rawValue):\(transactionId) paid an order after it was read")
                }
            case .audit(let event):
                try await tx.append(event)
            case .applySubscription(let fact, let owner):
                actions += try await subscriptions.apply(
                    fact, owner: owner, actor: plan.actor, fact: plan.fact, now: plan.now, recorded: &recorded, in: tx)
                if fact.mayConcernSeatedMembers {
                    try await SeatRecorder(app: app, applier: self).refreshMembers(
                        of: PurchaseKey(environment: fact.environment, originalTransactionId: fact.originalTransactionId),
                        actor: plan.actor, fact: plan.fact, now: plan.now, in: tx)
                }
            case .refreshGrants(let customers):
                for customer in customers {
                    try await refreshGrants(
                        of: customer, actor: plan.actor, fact: plan.fact, now: plan.now, recorded: recorded, in: tx)
                }
            case .linkAppleAccount(let account, let customer):
                try await tx.linkAppleAccount(account, customerId: customer, at: plan.now)
            }
        }
        return actions
    }
}

extension TransactionUpsert {
    /// Whether two answers say the same thing happened (inserted, updated or unchanged).
    fileprivate func isSameOutcome(as other: TransactionUpsert) -> Bool {
        switch (self, other) {
        case (.inserted, .inserted), (.updated, .updated), (.unchanged, .unchanged): true
        default: false
        }
    }
}
