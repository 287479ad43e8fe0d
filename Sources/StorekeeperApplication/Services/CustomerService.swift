package import AppStoreModels
import Foundation
public import Storekeeper
package import StorekeeperStore

/// Reads and changes one customer's state: the view apps fetch, spends, alias merges.
public struct CustomerService: Sendable {
    package let store: any PurchaseStore
    package let app: AppConfiguration
    package let applier: FactApplier
    package let now: any WallClock

    /// The aggregates merging one customer into another touches.
    package typealias MergeAggregates =
        CustomerStoreWriter & OrderStoreWriter & TransactionStoreWriter & LedgerStoreWriter & SubscriptionStoreWriter
        & AuditStoreWriter & CoordinationStoreWriter & OutboxStoreWriter & OperatorGrantStoreReader & AppleAccountStoreWriter
        & SeatClaimStoreWriter

    package init(
        store: any PurchaseStore, app: AppConfiguration, applier: FactApplier, now: any WallClock
    ) {
        self.store = store
        self.app = app
        self.applier = applier
        self.now = now
    }

    /// How many recent purchases a customer view lists.
    package static let purchaseHistoryLimit = 20

    public func view(_ customerId: CustomerID) async throws -> CustomerView {
        let now = now()
        return try await store.read { reader in
            try await Self.view(customerId, now: now, in: reader)
        }
    }

    package static func view(_ customerId: CustomerID, now: Timestamp, in reader: any CustomerStoreReader) async throws -> CustomerView {
        CustomerView(
            customerId, record: try await reader.customerRecord(customerId, purchaseLimit: purchaseHistoryLimit), now: now)
    }

    /// The result of a spend.
    public struct SpendResult: Sendable, Hashable {
        public var balance: Int64
        /// `true` when this key was spent before (the earlier spend stands; nothing new happened).
        public var replayed: Bool
    }

    /// Spends `amount` of `currency` exactly once per `key`; never below zero.
    public func spend(
        _ customerId: CustomerID, currency: String, amount: Int64, key: String, reference: String?, actor: AuditActor
    ) async throws -> SpendResult {
        guard app.catalog.products.contains(where: { $0.currencies[currency] != nil }) || app.bonus?.currency == currency
        else { throw StorekeeperError(.invalidRequest, "unknown currency \(currency)", kind: .invalidRequest) }
        let now = now()
        let entry: JournalEntry
        do {
            entry = try Wallet.spend(customerId, currency: currency, amount: amount, key: key, reference: reference, at: now)
        } catch {
            throw StorekeeperError.invalidRequest(error.reason)
        }
        return try await store.write { tx in
            try await tx.lock(customer: customerId)
            switch try await tx.post(entry, requireNonNegative: true) {
            case .posted(let balance):
                try await applier.events.walletChanged(entry, balance: balance, now: now, in: tx)
                try await tx.append(
                    AuditEvent(
                        customerId: customerId, kind: "wallet.spent", actor: actor, subject: entry.key,
                        details: ["currency": currency, "amount": String(amount), "balanceAfter": String(balance)],
                        createdAt: now))
                return SpendResult(balance: balance, replayed: false)
            case .duplicate:
                guard let booked = try await tx.journalEntry(key: entry.key), booked.postings == entry.postings else {
                    throw StorekeeperError.conflict("spend key \(key) was used for a different spend")
                }
                return SpendResult(balance: try await tx.balance(.customer(customerId, currency)), replayed: true)
            case .insufficientFunds(let balance):
                throw StorekeeperError(
                    .insufficientFunds, "balance \(balance) \(currency) is less than \(amount)", kind: .conflict)
            }
        }
    }

    /// Records whether the customer consents to sharing consumption data with Apple (and the play
    /// time the app reports), which CONSUMPTION_REQUEST answers need: without consent nothing is
    /// sent. Audited.
    public func setConsumptionConsent(
        _ customerId: CustomerID, consented: Bool, playTimeMinutes: Int64?, actor: AuditActor
    ) async throws -> Customer {
        let now = now()
        return try await store.write { tx in
            try await tx.lock(customer: customerId)
            var customer = try await tx.ensureCustomer(Customer(id: customerId, createdAt: now))
            let before = customer
            customer.consumptionConsent = consented
            if let playTimeMinutes { customer.playTimeMinutes = playTimeMinutes }
            guard customer != before else { return customer }
            try await tx.updateCustomer(customer)
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "customer.consumptionConsent", actor: actor,
                    subject: "customer:\(customerId.rawValue)",
                    details: [
                        "consented": String(consented),
                        "playTimeMinutes": customer.playTimeMinutes.map(String.init) ?? "",
                    ], createdAt: now))
            return customer
        }
    }

    /// Merges `source` (typically a guest device) into `target`: purchases, subscriptions,
    /// balances and open orders move; the source stays as an alias pointing to the target.
    public func merge(_ source: CustomerID, into target: CustomerID, actor: AuditActor) async throws -> CustomerView {
        let now = now()
        return try await store.write { tx in
            try await merge(source, into: target, actor: actor, now: now, in: tx)
        }
    }

    /// ``merge(_:into:actor:)`` inside the caller's transaction (an operator's merge commits it
    /// with the action's idempotency record). `reason`, when an operator gives one, is kept on
    /// the audit events.
    package func merge(
        _ source: CustomerID, into target: CustomerID, actor: AuditActor, reason: String? = nil, appId: String? = nil,
        now: Timestamp, in tx: any CustomerService.MergeAggregates
    ) async throws -> CustomerView {
        guard source != target else { throw StorekeeperError.invalidRequest("cannot merge a customer into itself") }
        for customer in [source, target].sorted() { try await tx.lock(customer: customer) }
        guard var sourceCustomer = try await tx.customer(source) else {
            throw StorekeeperError.notFound("customer \(source) does not exist")
        }
        if let merged = sourceCustomer.mergedInto {
            guard merged == target else {
                throw StorekeeperError.conflict("customer \(source) was already merged into another customer")
            }
            return try await CustomerService.view(target, now: now, in: tx)
        }
        try await tx.createCustomerIfMissing(Customer(id: target, createdAt: now))
        var moved = 0
        var originals = Set<String>()
        for stored in try await tx.transactions(customerId: source, limit: Int.max) {
            originals.insert("\(stored.transaction.environment.rawValue)\u{0}\(stored.transaction.originalTransactionId)")
        }
        for key in originals.sorted() {
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            let environment = AppStoreEnvironment(rawValue: parts[0])
            try await tx.lock(environment: environment, originalTransactionId: parts[1])
            try await tx.setOwner(environment: environment, originalTransactionId: parts[1], customerId: target)
            try await tx.reassignTransactions(environment: environment, originalTransactionId: parts[1], to: target)
            try await applier.subscriptions.reassign(
                environment: environment, originalTransactionId: parts[1], to: target, in: tx)
            moved += 1
        }
        for (currency, balance) in try await tx.balances(customerId: source) {
            if let entry = try Wallet.merge(from: source, into: target, currency: currency, balance: balance, at: now),
                case .posted(let after) = try await tx.post(entry, requireNonNegative: false)
            {
                try await applier.events.walletChanged(entry, balance: after, now: now, in: tx)
            }
        }
        for order in try await tx.openOrders(customerId: source) {
            var reassigned = order
            reassigned.customerId = target
            reassigned.updatedAt = now
            try await tx.updateOrder(reassigned)
        }
        try await tx.reassignAppleAccounts(from: source, to: target)
        // A seat follows its member into the account; the grant refresh below gives the access.
        let seatsMoved = try await tx.reassignSeatClaims(from: source, to: target)
        sourceCustomer.mergedInto = target
        try await tx.updateCustomer(sourceCustomer)
        for (customer, other) in [(source, target), (target, source)] {
            try await tx.append(
                AuditEvent(
                    customerId: customer, kind: "customer.merged", actor: actor, subject: "customer:\(source.rawValue)",
                    details: [
                        "from": source.rawValue, "into": target.rawValue, "counterpart": other.rawValue,
                        "purchasesMoved": String(moved),
                    ].merging(seatsMoved > 0 ? ["seatClaimsMoved": String(seatsMoved)] : [:]) { first, _ in first },
                    appId: appId, reason: reason, createdAt: now))
        }
        for customer in [source, target] {
            try await applier.refreshGrants(of: customer, actor: actor, fact: "merge", now: now, in: tx)
        }
        return try await CustomerService.view(target, now: now, in: tx)
    }
}
