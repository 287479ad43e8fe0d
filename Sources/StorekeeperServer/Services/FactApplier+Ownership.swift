import AppStoreModels
import Foundation
import Storekeeper

/// Ownership: who a presented purchase belongs to.
///
/// A purchase's `appAccountToken` naming a customer's order is evidence that the purchase is that
/// customer's, whoever presents it and whatever arrives first: the App Store's notification
/// credits the order's customer (``FactApplier/resolveOwner(_:in:)``), and so does a presentation
/// by anyone else (``recordForOrderCustomer(_:orderCustomer:actor:fact:now:in:outcome:)``). The
/// presenter then gets what the transfer policy says when a purchase has another owner
/// (``claimOwnership(of:for:orderCustomer:actor:fact:now:in:outcome:)``): it moves (`transfer`),
/// stays (`keep`), or is refused (`refuse`); a consumable is never credited to the presenter.
extension FactApplier {
    /// The customers whose orders the tokens of `transactions` name, by token, where that is not
    /// `presenter` (following a merged customer to the customer it was merged into).
    func orderCustomers(
        of transactions: [AppleTransaction], presentedBy presenter: CustomerID, in tx: any PurchaseStoreTransaction
    ) async throws -> [UUID: CustomerID] {
        var customers: [UUID: CustomerID] = [:]
        var seen: Set<UUID> = []
        for transaction in transactions {
            guard let token = transaction.appAccountToken, seen.insert(token).inserted,
                let order = try await tx.order(appAccountToken: token), order.customerId != presenter
            else { continue }
            let customer = try await tx.customer(order.customerId)?.mergedInto ?? order.customerId
            if customer != presenter { customers[token] = customer }
        }
        return customers
    }

    /// Records `transaction` for `orderCustomer`, whose order its token names, before another
    /// customer's presentation is judged: the order's customer gets the purchase (the order
    /// delivered, a consumable credited, entitlements granted) exactly as when the App Store's
    /// notification comes first. Nothing when a third customer owns the purchase already.
    func recordForOrderCustomer(
        _ transaction: AppleTransaction, orderCustomer: CustomerID, actor: AuditActor, fact: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws {
        let owner = try await tx.claimOwner(
            environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
            customerId: orderCustomer)
        var forOrder = Outcome(customerId: orderCustomer)
        if owner.rawValue.hasPrefix(Self.unclaimedPrefix) {
            try await tx.ensureCustomer(Customer(id: orderCustomer, createdAt: now))
            try await claim(transaction, from: owner, for: orderCustomer, actor: actor, fact: fact, now: now, in: tx, outcome: &forOrder)
        } else if owner != orderCustomer {
            return
        } else {
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

    /// Decides who owns `transaction`'s purchase when `customerId` presents it. Returns whether
    /// the presenter may record it. `orderCustomer` is the other customer whose order the
    /// transaction's token names, if any.
    func claimOwnership(
        of transaction: AppleTransaction, for customerId: CustomerID, orderCustomer: CustomerID?, actor: AuditActor,
        fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws -> Bool {
        let environment = transaction.environment
        let original = transaction.originalTransactionId
        // A purchase nobody owns yet becomes the presenter's.
        let owner = try await tx.claimOwner(environment: environment, originalTransactionId: original, customerId: customerId)
        if owner == customerId { return true }
        let subject = "\(environment.rawValue):\(original)"
        if owner.rawValue.hasPrefix(Self.unclaimedPrefix) {
            try await claim(transaction, from: owner, for: customerId, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
            return true
        }
        // What the support trail says about the presenter's attempt; whether the token named the
        // owner's order is part of it.
        func attempt(_ details: [String: String]) -> [String: String] {
            orderCustomer == owner ? details.merging(["appAccountToken": "ownersOrder"]) { $1 } : details
        }
        // A consumable is used up once credited: presenting it again is a replay, whoever does it.
        if app.catalog[transaction.productId]?.kind == .consumable {
            outcome.replayed.append(transaction)
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "purchase.presentedByOtherCustomer", actor: actor, subject: subject,
                    fact: fact, details: attempt(["owner": owner.rawValue, "productId": transaction.productId]), createdAt: now))
            return false
        }
        switch app.policy.transfer {
        case .transfer:
            try await tx.lock(customer: owner)
            try await move(original: original, environment: environment, from: owner, to: customerId, in: tx)
            for (customer, other) in [(owner, customerId), (customerId, owner)] {
                try await tx.append(
                    AuditEvent(
                        customerId: customer, kind: "ownership.transferred", actor: actor, subject: subject, fact: fact,
                        details: attempt(["from": owner.rawValue, "to": customerId.rawValue, "counterpart": other.rawValue]),
                        createdAt: now))
            }
            outcome.changedCustomers.insert(owner)
            outcome.claimed.insert(transaction.transactionId)
            return true
        case .keep:
            outcome.keptByOther.append((transaction, owner))
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "ownership.kept", actor: actor, subject: subject, fact: fact,
                    details: attempt(["owner": owner.rawValue]), createdAt: now))
            return false
        case .refuse:
            outcome.refusedOwner = owner
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "ownership.refused", actor: actor, subject: subject, fact: fact,
                    details: attempt(["owner": owner.rawValue]), createdAt: now))
            return false
        }
    }

    /// Takes the purchase over from the placeholder that held it since the App Store's
    /// notification came first, with what the notification credited to it.
    private func claim(
        _ transaction: AppleTransaction, from placeholder: CustomerID, for customerId: CustomerID, actor: AuditActor,
        fact: String, now: Timestamp, in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws {
        let environment = transaction.environment
        let original = transaction.originalTransactionId
        try await move(original: original, environment: environment, from: placeholder, to: customerId, in: tx)
        // The placeholder holds this purchase only: its currency is the claimer's.
        for (currency, balance) in try await tx.balances(customerId: placeholder).sorted(by: { $0.key < $1.key }) {
            if let entry = try Wallet.merge(from: placeholder, into: customerId, currency: currency, balance: balance, at: now),
                case .posted(let after) = try await tx.post(entry, requireNonNegative: false)
            {
                try await events.walletChanged(entry, balance: after, now: now, in: tx)
            }
        }
        outcome.claimed.insert(transaction.transactionId)
        outcome.claimedFromPlaceholder.insert(transaction.transactionId)
        try await tx.append(
            AuditEvent(
                customerId: customerId, kind: "ownership.claimed", actor: actor, subject: "\(environment.rawValue):\(original)",
                fact: fact, details: ["from": placeholder.rawValue], createdAt: now))
        outcome.changedCustomers.insert(placeholder)
    }

    func move(
        original: String, environment: AppStoreEnvironment, from owner: CustomerID, to customerId: CustomerID,
        in tx: any PurchaseStoreTransaction
    ) async throws {
        try await tx.setOwner(environment: environment, originalTransactionId: original, customerId: customerId)
        try await tx.reassignTransactions(environment: environment, originalTransactionId: original, to: customerId)
        try await subscriptions.reassign(environment: environment, originalTransactionId: original, to: customerId, in: tx)
    }
}
