/// `GET /v1/admin/apps/{app}/overview/operations`: the health of the app's pipelines over the
/// last 24 hours. Times are milliseconds since 1970; waits and lags are milliseconds.
public struct OperationsResponse: Codable, Sendable, Hashable {
    /// The notifications inbox.
    public struct Notifications: Codable, Sendable, Hashable {
        /// Stored and not applied yet, and failed (the inbox processor retries them).
        public var pending: Int
        public var failed: Int
        public var rejectedSince: Int
        /// How long the oldest waiting notification has waited, if any waits.
        public var oldestWaiting: Int64?
        public var processedSince: Int
        public var lastProcessedAt: Int64?
        /// Apple's signing to Storekeeper's receipt, and receipt to application.
        public var averageDeliveryLag: Int64?
        public var maximumDeliveryLag: Int64?
        public var averageProcessingLag: Int64?
        public var maximumProcessingLag: Int64?

        public init(
            pending: Int, failed: Int, rejectedSince: Int, oldestWaiting: Int64? = nil, processedSince: Int,
            lastProcessedAt: Int64? = nil, averageDeliveryLag: Int64? = nil, maximumDeliveryLag: Int64? = nil,
            averageProcessingLag: Int64? = nil, maximumProcessingLag: Int64? = nil
        ) {
            self.pending = pending
            self.failed = failed
            self.rejectedSince = rejectedSince
            self.oldestWaiting = oldestWaiting
            self.processedSince = processedSince
            self.lastProcessedAt = lastProcessedAt
            self.averageDeliveryLag = averageDeliveryLag
            self.maximumDeliveryLag = maximumDeliveryLag
            self.averageProcessingLag = averageProcessingLag
            self.maximumProcessingLag = maximumProcessingLag
        }
    }

    /// The outbox of webhooks and calls to Apple.
    public struct Outbox: Codable, Sendable, Hashable {
        public var pending: Int
        /// How long the oldest pending message has waited, if any.
        public var oldestPending: Int64?
        public var failedSince: Int

        public init(pending: Int, oldestPending: Int64? = nil, failedSince: Int) {
            self.pending = pending
            self.oldestPending = oldestPending
            self.failedSince = failedSince
        }
    }

    /// The calls to Apple.
    public struct Apple: Codable, Sendable, Hashable {
        /// Whether the app has App Store Server API credentials (needed for answers, resyncs and
        /// extensions).
        public var serverAPIConfigured: Bool
        /// Consumption answers waiting to be sent to Apple, and those given up in the window.
        public var pendingCalls: Int
        public var failedCallsSince: Int

        public init(serverAPIConfigured: Bool, pendingCalls: Int, failedCallsSince: Int) {
            self.serverAPIConfigured = serverAPIConfigured
            self.pendingCalls = pendingCalls
            self.failedCallsSince = failedCallsSince
        }
    }

    public var appId: String
    public var now: Int64
    /// The start of the window the counts and delays cover: 24 hours before `now`.
    public var since: Int64
    public var notifications: Notifications
    public var outbox: Outbox
    public var apple: Apple

    public init(appId: String, now: Int64, since: Int64, notifications: Notifications, outbox: Outbox, apple: Apple) {
        self.appId = appId
        self.now = now
        self.since = since
        self.notifications = notifications
        self.outbox = outbox
        self.apple = apple
    }
}
