/// Initiate Performance Test's body (`PerformanceTestRequest`): a sandbox original transaction
/// the test's real-time requests name.
public struct PerformanceTestRequest: Hashable, Sendable, Codable {
    public var originalTransactionId: String

    public init(originalTransactionId: String) {
        self.originalTransactionId = originalTransactionId
    }
}

/// Initiate Performance Test's answer (`PerformanceTestResponse`): the test's parameters and the
/// identifier to fetch its results with.
public struct PerformanceTestResponse: Hashable, Sendable, Codable {
    public var config: PerformanceTestConfig?
    public var requestId: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(config: PerformanceTestConfig? = nil, requestId: String? = nil) {
        self.config = config
        self.requestId = requestId
    }
}

/// The parameters of a performance test (`PerformanceTestConfig`).
public struct PerformanceTestConfig: Hashable, Sendable, Codable {
    /// The most requests in flight at once.
    public var maxConcurrentRequests: Int64?
    /// How many requests the test sends.
    public var totalRequests: Int64?
    /// How long the test runs, in milliseconds.
    public var totalDuration: Int64?
    /// The slowest answer that counts as a success, in milliseconds.
    public var responseTimeThreshold: Int64?
    /// The percentage of successful answers needed to pass.
    public var successRateThreshold: Int32?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        maxConcurrentRequests: Int64? = nil, totalRequests: Int64? = nil, totalDuration: Int64? = nil,
        responseTimeThreshold: Int64? = nil, successRateThreshold: Int32? = nil
    ) {
        self.maxConcurrentRequests = maxConcurrentRequests
        self.totalRequests = totalRequests
        self.totalDuration = totalDuration
        self.responseTimeThreshold = responseTimeThreshold
        self.successRateThreshold = successRateThreshold
    }
}

/// Get Performance Test Results' answer (`PerformanceTestResultResponse`).
public struct PerformanceTestResultResponse: Hashable, Sendable, Codable {
    public var config: PerformanceTestConfig?
    public var target: String?
    public var result: PerformanceTestStatus?
    /// The percentage of requests answered in time with a valid answer.
    public var successRate: Int32?
    /// Requests not answered yet.
    public var numPending: Int32?
    public var responseTimes: PerformanceTestResponseTimes?
    /// Failed requests by `sendAttemptResult`.
    public var failures: [String: Int32]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        config: PerformanceTestConfig? = nil, target: String? = nil, result: PerformanceTestStatus? = nil,
        successRate: Int32? = nil, numPending: Int32? = nil, responseTimes: PerformanceTestResponseTimes? = nil,
        failures: [String: Int32]? = nil
    ) {
        self.config = config
        self.target = target
        self.result = result
        self.successRate = successRate
        self.numPending = numPending
        self.responseTimes = responseTimes
        self.failures = failures
    }
}

/// The response times a performance test measured, in milliseconds (`PerformanceTestResponseTimes`).
public struct PerformanceTestResponseTimes: Hashable, Sendable, Codable {
    public var average: Int64?
    public var p50: Int64?
    public var p90: Int64?
    public var p95: Int64?
    public var p99: Int64?

    /// Creates a value; every optional field defaults to `nil`.
    public init(average: Int64? = nil, p50: Int64? = nil, p90: Int64? = nil, p95: Int64? = nil, p99: Int64? = nil) {
        self.average = average
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.p99 = p99
    }
}
