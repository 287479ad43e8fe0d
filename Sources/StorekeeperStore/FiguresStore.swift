public import AppStoreModels
public import Storekeeper

/// Reads of the figures an operator's overview shows: the daily rollups kept by the writes, the
/// refunds they recorded, and the backlogs of the inbox and outbox.
/// Every read is an index range: none scans a table whose size grows with the customers.
public protocol FiguresStoreReader: Sendable {
    /// The app's rollup buckets of `environment` on the days in `days`, each summed over the rows
    /// that spread it.
    func figureTotals(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) async throws -> [FigureTotal]
    /// The level of every active (product, phase) at the end of the day before `day`: the sum of
    /// every ``FigureMetric/active`` move before it (read from monthly sums and the days of
    /// `day`'s month). The totals carry the day before `day`.
    func activeLevels(appId: String, environment: AppStoreEnvironment, before day: FigureDay) async throws -> [FigureTotal]
    /// The app's refunds and revocations revoked in `revokedIn` (any time when nil), newest first,
    /// strictly older than `before`.
    func refunds(appId: String, revokedIn: Range<Timestamp>?, before: RefundCursor?, limit: Int) async throws -> [RefundRecord]
    /// Outbox messages of one destination, newest first (`createdAt`, then `id`, descending),
    /// strictly after `before` in that order.
    func outboxMessages(destination: String, before: OutboxCursor?, limit: Int) async throws -> [OutboxMessage]
    /// The app's inbox and outbox backlogs and recent notification delays as of `now`.
    func operationsFigures(appId: String, since: Timestamp, now: Timestamp) async throws -> OperationsFigures

    /// Every stored subscription in (environment, original transaction ID) order, a page after
    /// `after`: what a rebuild of the figures walks.
    func subscriptionsPage(after: PurchaseLock?, limit: Int) async throws -> [StoredSubscription]
    /// Every stored transaction in (environment, transaction ID) order, a page after `after`.
    func transactionsPage(
        after: (environment: AppStoreEnvironment, transactionId: String)?, limit: Int
    ) async throws
        -> [StoredTransaction]
}

/// Writes of the figures, made in the same transaction as the fact they count.
public protocol FiguresStoreWriter: FiguresStoreReader {
    /// Adds `moves` to the app's rollup (the daily buckets and, for active moves, their month's).
    /// `spreadKey` (the purchase's original transaction ID) picks which of a bucket's rows takes
    /// the move, so concurrent writers of different purchases rarely wait on one row.
    func addFigures(appId: String, _ moves: FigureMoves, spreadKey: String) async throws
    /// Records a refund or revocation (replacing the record of the same transaction).
    func saveRefund(_ record: RefundRecord) async throws
    /// Forgets the refund of a transaction Apple reinstated; nothing when none is recorded.
    func removeRefund(environment: AppStoreEnvironment, transactionId: String) async throws
    /// Removes every rollup row and refund of the app (before a rebuild).
    func clearFigures(appId: String) async throws
    /// Folds the slots of up to `limit` days before `day` into one row per bucket (the spreading
    /// of ``addFigures(appId:_:spreadKey:)`` only helps writers of the current days): the sums
    /// stay the same and a range read over closed days reads one row per bucket. Answers the days
    /// folded; none once every closed day is folded (and none in a store that keeps no slots).
    func foldFigureSlots(before day: FigureDay, limit: Int) async throws -> Int
}

/// An app's operational backlog and delays, for the console's overview.
public struct OperationsFigures: Hashable, Sendable, Codable {
    /// Notifications stored and not yet applied (`received`), and those whose last attempt failed.
    public var inboxReceived: Int
    public var inboxFailed: Int
    /// Notifications rejected (bad signature, wrong app) since `since`.
    public var inboxRejectedSince: Int
    /// Arrival of the oldest notification still waiting (`received` or `failed`).
    public var oldestWaitingReceivedAt: Timestamp?
    /// Notifications applied since `since`, the latest application, and the delays: Apple's
    /// signing to our receipt, and receipt to application (average and maximum, milliseconds).
    public var processedSince: Int
    public var lastProcessedAt: Timestamp?
    public var averageDeliveryDelay: Int64?
    public var maximumDeliveryDelay: Int64?
    public var averageProcessingDelay: Int64?
    public var maximumProcessingDelay: Int64?
    /// Outbox messages of the app (its webhooks and its calls to Apple) still to send, the
    /// oldest one's creation, and those given up since `since`.
    public var outboxPending: Int
    public var oldestOutboxPendingAt: Timestamp?
    public var outboxFailedSince: Int
    /// Of those, Apple's (consumption answers): pending and given up since `since`.
    public var appleOutboxPending: Int
    public var appleOutboxFailedSince: Int

    public init(
        inboxReceived: Int = 0, inboxFailed: Int = 0, inboxRejectedSince: Int = 0, oldestWaitingReceivedAt: Timestamp? = nil,
        processedSince: Int = 0, lastProcessedAt: Timestamp? = nil, averageDeliveryDelay: Int64? = nil,
        maximumDeliveryDelay: Int64? = nil, averageProcessingDelay: Int64? = nil, maximumProcessingDelay: Int64? = nil,
        outboxPending: Int = 0, oldestOutboxPendingAt: Timestamp? = nil, outboxFailedSince: Int = 0, appleOutboxPending: Int = 0,
        appleOutboxFailedSince: Int = 0
    ) {
        self.inboxReceived = inboxReceived
        self.inboxFailed = inboxFailed
        self.inboxRejectedSince = inboxRejectedSince
        self.oldestWaitingReceivedAt = oldestWaitingReceivedAt
        self.processedSince = processedSince
        self.lastProcessedAt = lastProcessedAt
        self.averageDeliveryDelay = averageDeliveryDelay
        self.maximumDeliveryDelay = maximumDeliveryDelay
        self.averageProcessingDelay = averageProcessingDelay
        self.maximumProcessingDelay = maximumProcessingDelay
        self.outboxPending = outboxPending
        self.oldestOutboxPendingAt = oldestOutboxPendingAt
        self.outboxFailedSince = outboxFailedSince
        self.appleOutboxPending = appleOutboxPending
        self.appleOutboxFailedSince = appleOutboxFailedSince
    }

    /// The outbox destinations of an app: its webhooks (`app:<id>:webhook:<name>`) and its
    /// consumption answers to Apple (`apple:consumption:<id>`).
    public static func outboxDestinationPrefix(appId: String) -> String { "app:\(appId):" }
    public static func appleDestination(appId: String) -> String { "apple:consumption:" + appId }
}
