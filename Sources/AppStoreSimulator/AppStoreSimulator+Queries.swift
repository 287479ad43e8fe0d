import AppStoreModels

extension AppStoreSimulator {
    /// A copy of the whole state.
    public func snapshot() -> SimulatorState {
        engine.withLock { $0.state }
    }

    /// Every notification created so far (oldest first), for one app or all.
    public func notifications(bundleId: String? = nil) -> [NotificationRecord] {
        engine.withLock { engine in engine.state.notifications.filter { bundleId == nil || $0.bundleId == bundleId } }
    }

    public func transaction(id: String) -> StoredTransaction? {
        engine.withLock { $0.state.transactions[id] }
    }

    public func subscription(originalTransactionId: String) -> SimulatedSubscription? {
        engine.withLock { $0.state.subscriptions[originalTransactionId] }
    }

    /// A transaction signed now, as Get Transaction Info returns it.
    public func signedTransaction(id: String) throws -> String {
        try mutate { (engine, now) throws(SimulatorError) in try engine.signedTransaction(id: id, at: now) }
    }

    /// A subscription's renewal info signed now.
    public func signedRenewalInfo(originalTransactionId: String) throws -> String {
        try mutate { (engine, now) throws(SimulatorError) in
            try engine.signedRenewalInfo(for: engine.subscription(originalTransactionId), at: now)
        }
    }

    /// The account's app transaction (`AppTransaction`), signed now.
    public func signedAppTransaction(accountId: String, bundleId: String) throws -> String {
        try mutate { (engine, now) throws(SimulatorError) in
            _ = try engine.account(accountId)
            _ = try engine.app(bundleId)
            return try engine.signedAppTransaction(engine.appTransaction(account: accountId, bundleId: bundleId, at: now), at: now)
        }
    }

    /// The account's legacy app receipt for an app, base64 PKCS#7 as the app would upload it.
    public func appReceipt(accountId: String, bundleId: String) throws -> String {
        try mutate { (engine, now) throws(SimulatorError) in
            try engine.appReceiptBase64(account: accountId, bundleId: bundleId, at: now)
        }
    }

    /// The requests received on the App Store Server API and `verifyReceipt` endpoints, in arrival
    /// order (the most recent 10,000; not persisted).
    public func receivedRequests() -> [ReceivedRequest] {
        requestLog.all
    }

    /// How many requests each endpoint answered with each HTTP status since the last
    /// ``clearReceivedRequests()``: every one, however many the log has dropped.
    public func answeredRequestCounts() -> [String: [Int: Int]] {
        requestLog.answerCounts
    }

    /// The delay added before each App Store Server API answer.
    public var apiLatency: APILatency { apiConditions.latency }

    /// Changes the API latency; its generator restarts from the new seed.
    public func setAPILatency(_ latency: APILatency) {
        apiConditions.setLatency(latency)
    }

    /// The request budget enforced on the App Store Server API, if any.
    public var apiRateBudget: APIRateBudget? { apiConditions.budget }

    /// Enforces `budget` from now on (buckets start full), or none with nil.
    public func setAPIRateBudget(_ budget: APIRateBudget?) {
        apiConditions.setBudget(budget)
    }

    /// Forgets the received requests logged and counted so far.
    public func clearReceivedRequests() {
        requestLog.clear()
    }

    /// Consumption information received through Send Consumption Information.
    public func consumptionReports() -> [ConsumptionReport] {
        engine.withLock { $0.state.consumptionReports }
    }
}
