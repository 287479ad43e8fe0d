import AppStoreModels
public import AppStoreSimulator
public import Foundation
public import StorekeeperClient
import Synchronization

/// One Apple account's side of StoreKit for one app, on Storekeeper's App Store simulator,
/// shared by the account's devices: which transactions were finished, which were handed to a
/// running app, Ask to Buy requests waiting for a parent, and the devices listening for updates.
public final class SimulatedAppleAccount: Sendable {
    /// A purchase waiting for approval (Ask to Buy).
    public struct AskToBuyRequest: Sendable, Hashable {
        public var productId: String
        public var appAccountToken: UUID
        public var quantity: Int
        public var billingPlan: StoreBillingPlan?
    }

    struct State {
        var finished: Set<String> = []
        var delivered: Set<String> = []
        var askToBuy: [AskToBuyRequest] = []
        var listeners: [UUID: AsyncStream<StoreTransaction>.Continuation] = [:]
    }

    public let simulator: AppStoreSimulator
    public let accountId: String
    public let bundleId: String
    public let log: CallLog
    private let state = Mutex(State())

    public init(simulator: AppStoreSimulator, accountId: String, bundleId: String = DemoCatalog.bundleId, log: CallLog = CallLog()) {
        self.simulator = simulator
        self.accountId = accountId
        self.bundleId = bundleId
        self.log = log
    }

    /// The account's transactions in the app at the simulator, oldest first (a legacy restore's
    /// re-issued copies are not StoreKit 2 transactions).
    func storedTransactions() -> [StoredTransaction] {
        simulator.snapshot().transactions.values
            .filter { $0.accountId == accountId && $0.bundleId == bundleId && $0.restoredFrom == nil }
            .sorted { $0.createdSequence < $1.createdSequence }
    }

    /// A transaction as StoreKit hands it over: signed by the simulator now.
    func storeTransaction(_ stored: StoredTransaction) throws -> StoreTransaction {
        StoreTransaction(
            id: stored.transactionId, originalId: stored.originalTransactionId, productId: stored.productId,
            appAccountToken: stored.payload.appAccountToken, signedTransaction: try simulator.signedTransaction(id: stored.transactionId))
    }

    /// `Transaction.unfinished`: neither finished by an app nor by a server (Finish Transaction).
    func unfinished() -> [StoreTransaction] {
        let finished = state.withLock { $0.finished }
        return storedTransactions().filter { !Self.isFinished($0, finished) }.compactMap { try? storeTransaction($0) }
    }

    /// Whether an app finished `stored` (`finished`) or a server did through Finish Transaction:
    /// either way StoreKit neither lists it as unfinished nor delivers it again.
    static func isFinished(_ stored: StoredTransaction, _ finished: Set<String>) -> Bool {
        stored.finishedAt != nil || finished.contains(stored.transactionId)
    }

    /// `Transaction.currentEntitlements`: each non-consumable, the latest transaction of each
    /// subscription still in its period, the latest of each non-renewing subscription; nothing
    /// revoked or refunded.
    func currentEntitlements() -> [StoreTransaction] {
        let now = simulator.now()
        var latest: [String: StoredTransaction] = [:]
        for transaction in storedTransactions() where !transaction.isRevoked {
            let type = transaction.payload.type
            if type == .nonConsumable || type == .nonRenewingSubscription {
                latest[transaction.productId] = transaction
            } else if type == .autoRenewableSubscription, let expires = transaction.payload.expiresDate, expires > now {
                latest[transaction.originalTransactionId] = transaction
            }
        }
        return latest.values.sorted { $0.createdSequence < $1.createdSequence }.compactMap { try? storeTransaction($0) }
    }

    func finish(_ transactionId: String) {
        _ = state.withLock { $0.finished.insert(transactionId) }
    }

    /// A transaction handed to the app by its purchase call: not delivered again as an update.
    func markDelivered(_ transactionId: String) {
        _ = state.withLock { $0.delivered.insert(transactionId) }
    }

    func isFinished(_ transactionId: String) -> Bool { state.withLock { $0.finished.contains(transactionId) } }

    /// `Transaction.updates` of one device.
    func listen() -> AsyncStream<StoreTransaction> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreTransaction.self)
        let id = UUID.random()
        state.withLock { $0.listeners[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    func requestApproval(_ request: AskToBuyRequest) {
        state.withLock { $0.askToBuy.append(request) }
    }

    /// Ask to Buy requests no parent has answered yet.
    public var pendingApprovals: [AskToBuyRequest] { state.withLock { $0.askToBuy } }

    /// Delivers, through every running app's updates, each unfinished transaction no app was
    /// handed yet: renewals, approved Ask to Buy requests. With no app running they stay
    /// unfinished, for the next launch. Returns the transactions delivered.
    @discardableResult
    public func deliverUpdates() -> [String] {
        let (finished, delivered, listeners) = state.withLock { ($0.finished, $0.delivered, Array($0.listeners.values)) }
        guard !listeners.isEmpty else { return [] }
        var sent: [String] = []
        for stored in storedTransactions() where !Self.isFinished(stored, finished) && !delivered.contains(stored.transactionId) {
            guard let transaction = try? storeTransaction(stored) else { continue }
            for listener in listeners { listener.yield(transaction) }
            markDelivered(stored.transactionId)
            sent.append(stored.transactionId)
        }
        return sent
    }

    /// Moves the simulator's clock (renewals, expiries and their notifications happen), then
    /// delivers what it produced to running apps.
    public func advance(byMilliseconds milliseconds: Int64) async throws {
        try await simulator.advance(byMilliseconds: milliseconds)
        deliverUpdates()
    }

    /// The parent approves every waiting Ask to Buy request: the App Store charges now and the
    /// transactions reach running apps as updates. Returns what was bought.
    @discardableResult
    public func approveAll() async throws -> [PurchaseResult] {
        let requests = state.withLock { state in
            defer { state.askToBuy = [] }
            return state.askToBuy
        }
        var results: [PurchaseResult] = []
        for request in requests {
            results.append(
                try await simulator.purchase(
                    PurchaseRequest(
                        accountId: accountId, bundleId: bundleId, productId: request.productId,
                        quantity: request.quantity > 1 ? Int32(request.quantity) : nil, appAccountToken: request.appAccountToken,
                        billingPlanType: request.billingPlan.map(\.billingPlanType))))
        }
        deliverUpdates()
        return results
    }
}
