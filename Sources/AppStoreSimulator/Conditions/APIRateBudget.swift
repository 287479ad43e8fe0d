public import AppStoreModels

/// Apple's request budgets, enforced by the simulator: a call beyond its endpoint's budget is
/// answered as Apple answers it (HTTP 429, error 4290000, `Retry-After`) and logged, so a client
/// that overspends shows in ``AppStoreSimulator/receivedRequests()``.
///
/// Each app, environment and endpoint has a token bucket refilled at the endpoint's rate
/// (``AppStoreModels/AppStoreServerEndpoint/appleRequestsPerSecond`` in production, times
/// `sandboxFactor` elsewhere) holding `burstSeconds` of it. Apple judges its limits per hour;
/// a bucket of a couple of seconds is stricter than that, and the default of 2 s leaves a
/// client that spends one second of burst room for arrival jitter.
public struct APIRateBudget: Hashable, Sendable, Codable {
    /// Production requests per second by endpoint raw value; an endpoint missing here uses
    /// Apple's published rate.
    public var requestsPerSecond: [String: Double]
    public var sandboxFactor: Double
    public var burstSeconds: Double

    /// Apple's published production table.
    public static let apple = APIRateBudget(requestsPerSecond: [:])

    public init(requestsPerSecond: [String: Double] = [:], sandboxFactor: Double = 0.1, burstSeconds: Double = 2) {
        self.requestsPerSecond = requestsPerSecond
        self.sandboxFactor = sandboxFactor
        self.burstSeconds = burstSeconds
    }

    enum CodingKeys: String, CodingKey { case requestsPerSecond, sandboxFactor, burstSeconds }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            requestsPerSecond: try container.decodeIfPresent([String: Double].self, forKey: .requestsPerSecond) ?? [:],
            sandboxFactor: try container.decodeIfPresent(Double.self, forKey: .sandboxFactor) ?? 0.1,
            burstSeconds: try container.decodeIfPresent(Double.self, forKey: .burstSeconds) ?? 2)
    }

    /// Requests per second for `endpoint` in `environment`.
    public func rate(_ endpoint: AppStoreServerEndpoint, environment: AppStoreEnvironment) -> Double {
        let production = requestsPerSecond[endpoint.rawValue] ?? endpoint.appleRequestsPerSecond
        return max(0.000_001, environment == .production ? production : production * sandboxFactor)
    }

    /// The most requests the bucket holds.
    public func capacity(_ endpoint: AppStoreServerEndpoint, environment: AppStoreEnvironment) -> Double {
        max(1, rate(endpoint, environment: environment) * burstSeconds)
    }
}
