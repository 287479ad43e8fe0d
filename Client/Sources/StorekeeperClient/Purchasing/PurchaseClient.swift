public import Foundation
public import StorekeeperAPIModels

/// The app half of Storekeeper, for one customer on one device.
///
/// ```swift
/// let store = try PurchaseClient(configuration: configuration, storeKit: StoreKit2Store())
/// await store.start()                              // at launch: listener, unfinished, queue
/// let outcome = try await store.buy("com.example.gems.100")
/// ```
///
/// A transaction is finished only after Storekeeper answered `recorded` or `replayed` in an
/// answer whose signature verified. Until then its proof waits in a queue on disk, which is
/// drained with backoff. Answers that do not verify grant nothing: they never acknowledge a
/// proof and never replace the cached customer.
public actor PurchaseClient {
    public let configuration: Configuration
    let storeKit: any StoreKitInterface
    let connection: StorekeeperConnection
    let queue: ProofQueue
    let cache: CustomerCache

    /// The customer as the last verified answer told it (also after a restart, from disk).
    public private(set) var customer: CustomerBody?
    /// When that answer was verified.
    public private(set) var customerVerifiedAt: Date?
    /// The order whose payment sheet is up, if any.
    var purchasing: OrderBody?

    var listener: Task<Void, Never>?
    var drainer: Task<Void, Never>?
    var watchers: [UUID: AsyncStream<CustomerBody>.Continuation] = [:]
    /// Submissions under way, by transaction id.
    var submissions: [String: Task<PurchaseOutcome, Never>] = [:]

    public init(
        configuration: Configuration, storeKit: any StoreKitInterface, transport: any HTTPTransport = URLSessionTransport()
    ) throws {
        self.configuration = configuration
        self.storeKit = storeKit
        let verifier = try AnswerVerifier(
            appId: configuration.appId, trustedKeysPEM: configuration.trustedKeysPEM,
            toleranceSeconds: configuration.signatureToleranceSeconds)
        self.connection = StorekeeperConnection(configuration: configuration, transport: transport, verifier: verifier)
        self.queue = try ProofQueue(directory: configuration.directory.appendingPathComponent("proofs", isDirectory: true))
        self.cache = CustomerCache(file: configuration.directory.appendingPathComponent("customer.json"))
        let cached = cache.load()
        self.customer = cached?.customer
        self.customerVerifiedAt = cached?.verifiedAt
    }

    /// Call at launch, before anything else: listens to StoreKit's updates (renewals and
    /// approvals that arrive while the app runs), queues every unfinished transaction (paid while
    /// the app was closed, or before a crash), and drains the queue.
    public func start() async {
        if listener == nil {
            let updates = storeKit.updates()
            listener = Task { [weak self] in
                for await transaction in updates {
                    guard let self else { return }
                    await self.received(transaction)
                }
            }
        }
        for transaction in await storeKit.unfinished() {
            try? await queue.add(QueuedProof(transaction: transaction, orderId: nil, queuedAt: configuration.now()))
        }
        await drainQueue()
        scheduleDrainIfNeeded()
    }

    /// Stops listening and retrying (what remains queued is submitted after the next `start`).
    public func stop() {
        listener?.cancel()
        listener = nil
        drainer?.cancel()
        drainer = nil
        for watcher in watchers.values { watcher.finish() }
        watchers = [:]
    }

    /// The proofs paid at Apple that Storekeeper has not acknowledged yet, oldest first.
    public var pendingProofs: [QueuedProof] {
        get async { await queue.all }
    }

    /// What the app may show about purchases now.
    public var activity: PurchaseActivity {
        get async {
            if let purchasing { return .purchasing(purchasing) }
            let count = await queue.all.count
            return count > 0 ? .deliveringPaidPurchases(count: count) : .idle
        }
    }

    /// The customer each time a verified answer changes it.
    public func changes() -> AsyncStream<CustomerBody> {
        let (stream, continuation) = AsyncStream.makeStream(of: CustomerBody.self, bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        watchers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unwatch(id) }
        }
        return stream
    }

    private func unwatch(_ id: UUID) { watchers[id] = nil }

    /// Takes the customer from a verified answer: cached on disk, published to watchers.
    func accept(_ body: CustomerBody) {
        let now = configuration.now()
        let changed = body != customer
        customer = body
        customerVerifiedAt = now
        // The cache is a convenience; a full disk must not fail a delivered purchase.
        try? cache.store(CustomerCache.Entry(customer: body, verifiedAt: now))
        if changed { for watcher in watchers.values { watcher.yield(body) } }
    }

    /// The customer's path under the app's routes.
    var customerPath: String { "/customers/" + StorekeeperConnection.segment(configuration.customerId) }
}
