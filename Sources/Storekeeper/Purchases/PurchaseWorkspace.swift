public import AppStoreModels
public import Foundation

/// What a write of purchase facts knows before it decides: the state the server's applier
/// loaded (the owners before the locks, everything else under them), kept up to date as the
/// planner decides, and the writes decided so far (``PurchaseEffect``).
///
/// The planner reads only what the applier loaded (``PurchaseLoad`` says what that must be);
/// asking for anything else is a defect and fails with ``PurchasePlanningError``.
public struct PurchaseWorkspace: Sendable {
    /// The owner of each purchase involved (`nil`: nobody's yet).
    public var owners: [PurchaseKey: CustomerID?]
    /// The stored record of each transaction of the facts (`nil`: never seen).
    public var transactions: [TransactionRef: StoredTransaction?]
    /// Orders by ID: each order a presentation names, each order a token names, each open order loaded.
    public var orders: [UUID: Order]
    /// The order each token of the facts names (`nil`: none).
    public var tokenOrders: [UUID: UUID?]
    /// Each loaded customer's open orders, newest first.
    public var openOrders: [CustomerID: [UUID]]
    /// Each loaded customer's balances by currency.
    public var balances: [CustomerID: [String: Int64]]
    /// Journal entries by key: those loaded (a refund's clawbacks and restores; `nil`: not
    /// booked) and those the plan books.
    public var journal: [String: JournalEntry?]
    /// The customers linked to each Apple account a customer may join by these facts (loaded
    /// under the account's lock; an account not loaded is one nobody joins by them).
    public var appleAccounts: [AppleAccountKey: [CustomerID]] = [:]

    /// The writes decided so far, in order.
    public private(set) var effects: [PurchaseEffect] = []
    private var ensured: Set<CustomerID> = []

    public init(
        owners: [PurchaseKey: CustomerID?] = [:], transactions: [TransactionRef: StoredTransaction?] = [:],
        orders: [UUID: Order] = [:], tokenOrders: [UUID: UUID?] = [:], openOrders: [CustomerID: [UUID]] = [:],
        balances: [CustomerID: [String: Int64]] = [:], journal: [String: JournalEntry?] = [:]
    ) {
        self.owners = owners
        self.transactions = transactions
        self.orders = orders
        self.tokenOrders = tokenOrders
        self.openOrders = openOrders
        self.balances = balances
        self.journal = journal
    }

    // MARK: Reads

    public func owner(of purchase: PurchaseKey) throws(PurchasePlanningError) -> CustomerID? {
        guard let owner = owners[purchase] else { throw .notLoaded("owner of \(purchase)") }
        return owner
    }

    public func stored(_ transaction: TransactionRef) throws(PurchasePlanningError) -> StoredTransaction? {
        guard let stored = transactions[transaction] else { throw .notLoaded("transaction \(transaction)") }
        return stored
    }

    public func order(id: UUID) -> Order? { orders[id] }

    public func order(appAccountToken token: UUID) throws(PurchasePlanningError) -> Order? {
        guard let id = tokenOrders[token] else { throw .notLoaded("order of token \(token)") }
        return id.flatMap { orders[$0] }
    }

    /// The customer's orders still waiting for a payment, newest first.
    public func openOrders(of customer: CustomerID) throws(PurchasePlanningError) -> [Order] {
        guard let ids = openOrders[customer] else { throw .notLoaded("open orders of \(customer.rawValue)") }
        return ids.compactMap { orders[$0] }.filter { !$0.state.isFinal }
    }

    public func balances(of customer: CustomerID) throws(PurchasePlanningError) -> [String: Int64] {
        guard let balances = balances[customer] else { throw .notLoaded("balances of \(customer.rawValue)") }
        return balances
    }

    public func journalEntry(key: String) throws(PurchasePlanningError) -> JournalEntry? {
        guard let entry = journal[key] else { throw .notLoaded("journal entry \(key)") }
        return entry
    }

    // MARK: Writes

    public mutating func ensureCustomer(_ customer: CustomerID) {
        guard ensured.insert(customer).inserted else { return }
        effects.append(.ensureCustomer(customer))
    }

    /// Makes `customer` the owner of a purchase nobody owns; returns the owner.
    public mutating func claimOwner(
        _ purchase: PurchaseKey, for customer: CustomerID
    ) throws(PurchasePlanningError)
        -> CustomerID
    {
        let owner = try self.owner(of: purchase) ?? customer
        owners[purchase] = owner
        effects.append(.claimOwner(purchase, customer: customer, expectedOwner: owner))
        return owner
    }

    /// Moves a purchase, its loaded transactions included, to `customer`.
    public mutating func move(_ purchase: PurchaseKey, to customer: CustomerID) {
        owners[purchase] = customer
        for (ref, stored) in transactions {
            guard var stored = stored, PurchaseKey(stored.transaction) == purchase else { continue }
            stored.customerId = customer
            transactions[ref] = stored
        }
        effects.append(.moveOwner(purchase, to: customer))
    }

    /// Records a transaction fact as the store does (last writer by `signedDate` wins) and says
    /// what that did.
    public mutating func upsert(
        _ transaction: AppleTransaction, for customer: CustomerID, orderId: UUID?, now: Timestamp
    )
        throws(PurchasePlanningError) -> TransactionUpsert
    {
        let ref = TransactionRef(transaction)
        let answer: TransactionUpsert
        if var stored = try self.stored(ref) {
            if transaction.supersedes(stored.transaction) {
                answer = .updated(previous: stored.transaction)
                stored.transaction = transaction
                stored.orderId = stored.orderId ?? orderId
                transactions[ref] = stored
            } else {
                answer = .unchanged
            }
        } else {
            answer = .inserted
            transactions[ref] = StoredTransaction(transaction: transaction, customerId: customer, orderId: orderId, recordedAt: now)
        }
        effects.append(.upsertTransaction(transaction, customer: customer, orderId: orderId, expected: answer))
        return answer
    }

    /// Links a recorded transaction to `orderId` unless it paid an order already.
    public mutating func linkOrder(_ orderId: UUID, to transaction: AppleTransaction) throws(PurchasePlanningError) {
        let ref = TransactionRef(transaction)
        guard var stored = try self.stored(ref), stored.orderId == nil else { return }
        stored.orderId = orderId
        transactions[ref] = stored
        effects.append(.linkOrder(orderId, environment: transaction.environment, transactionId: transaction.transactionId))
    }

    public mutating func updateOrder(_ order: Order) {
        orders[order.id] = order
        effects.append(.updateOrder(order))
    }

    /// Whether `entry`'s key is booked, in the store or earlier in the plan.
    public func isBooked(_ entry: JournalEntry) -> Bool { (journal[entry.key] ?? nil) != nil }

    /// Books `entry` unless its key is booked already (each key is booked once); returns whether
    /// it booked. Loaded balances follow the entry.
    public mutating func post(_ entry: JournalEntry, then followUp: WalletFollowUp) -> Bool {
        guard !isBooked(entry) else { return false }
        journal[entry.key] = .some(entry)
        for posting in entry.postings where posting.account.kind == .customer {
            guard let customer = posting.account.customerId, balances[customer] != nil else { continue }
            balances[customer]?[posting.account.currency, default: 0] += posting.amount
        }
        effects.append(.post(entry, then: followUp))
        return true
    }

    public mutating func append(_ event: AuditEvent) { effects.append(.audit(event)) }

    /// Links `customer` to the Apple account `transaction` was made with, when the account was
    /// loaded and the customer is new to it, with the trail that tells the account's other
    /// customers (``AppleAccountSharing``).
    public mutating func linkAppleAccount(
        of transaction: AppleTransaction, to customer: CustomerID, actor: AuditActor, fact: String, now: Timestamp
    ) {
        guard let account = AppleAccountKey(transaction), let linked = appleAccounts[account],
            let link = AppleAccountSharing.link(customer, to: account, linked: linked)
        else { return }
        appleAccounts[account] = linked + [customer]
        effects.append(.linkAppleAccount(account, customer: customer))
        for event in AppleAccountSharing.audit(of: link, purchase: PurchaseKey(transaction), actor: actor, fact: fact, now: now) {
            effects.append(.audit(event))
        }
    }

    public mutating func applySubscription(_ fact: SubscriptionFact, owner: CustomerID) {
        effects.append(.applySubscription(fact, owner: owner))
    }

    public mutating func refreshGrants(_ customers: some Sequence<CustomerID>) {
        let sorted = customers.sorted()
        guard !sorted.isEmpty else { return }
        effects.append(.refreshGrants(sorted))
    }
}

/// A transaction as the store keys its record: environment and transaction ID.
public struct TransactionRef: Hashable, Sendable, CustomStringConvertible {
    public var environment: AppStoreEnvironment
    public var transactionId: String

    public init(environment: AppStoreEnvironment, transactionId: String) {
        self.environment = environment
        self.transactionId = transactionId
    }

    public init(_ transaction: AppleTransaction) {
        self.init(environment: transaction.environment, transactionId: transaction.transactionId)
    }

    public var description: String { "\(environment.rawValue):\(transactionId)" }
}

/// The planner asked for state the applier did not load: a defect in ``PurchaseLoad``, never bad input.
public enum PurchasePlanningError: Error, Hashable, Sendable, CustomStringConvertible {
    case notLoaded(String)

    public var description: String {
        switch self {
        case .notLoaded(let what): "purchase planning read \(what), which was not loaded"
        }
    }
}
