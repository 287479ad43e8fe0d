public import AppStoreModels

/// Failures injected on request.
public struct FaultState: Hashable, Sendable, Codable {
    public var notificationRules: [NotificationFaultRule] = []
    public var apiRules: [APIFaultRule] = []
    public var receiptRules: [ReceiptFaultRule] = []
    var nextRuleId = 1

    public init() {}
}

/// How many notifications (or API calls) a rule applies to.
public struct FaultScope: Hashable, Sendable, Codable {
    /// Applies to the next `count` matches.
    public var count: Int?
    /// Applies to matches created before this instant (simulated time).
    public var until: Timestamp?

    public init(count: Int? = nil, until: Timestamp? = nil) {
        self.count = count
        self.until = until
    }

    public static func next(_ count: Int) -> FaultScope { FaultScope(count: count) }
    public static func until(_ instant: Timestamp) -> FaultScope { FaultScope(until: instant) }

    func isLive(at now: Timestamp) -> Bool {
        if let count, count <= 0 { return false }
        if let until, now >= until { return false }
        return count != nil || until != nil
    }
}

/// A fault applied to notifications as they are created.
public struct NotificationFaultRule: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Never delivered; every attempt is recorded as failed, so it shows in history.
        case drop
        /// First attempt `delayMilliseconds` (simulated) after the notification is created.
        case delay
        /// Delivered twice.
        case duplicate
        /// Held, then released in reverse order when the scope is used up or ends.
        case reorder
    }

    public var id: Int
    public var kind: Kind
    public var scope: FaultScope
    public var delayMilliseconds: Int64?
    /// Limits the rule to one app.
    public var bundleId: String?

    public init(id: Int = 0, kind: Kind, scope: FaultScope, delayMilliseconds: Int64? = nil, bundleId: String? = nil) {
        self.id = id
        self.kind = kind
        self.scope = scope
        self.delayMilliseconds = delayMilliseconds
        self.bundleId = bundleId
    }

    enum CodingKeys: String, CodingKey { case id, kind, scope, delayMilliseconds, bundleId }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(Int.self, forKey: .id) ?? 0, kind: try container.decode(Kind.self, forKey: .kind),
            scope: try container.decode(FaultScope.self, forKey: .scope),
            delayMilliseconds: try container.decodeIfPresent(Int64.self, forKey: .delayMilliseconds),
            bundleId: try container.decodeIfPresent(String.self, forKey: .bundleId))
    }
}

/// A fault applied to App Store Server API calls.
public struct APIFaultRule: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// HTTP 429 with `Retry-After` (UNIX time in milliseconds) and error 4290000.
        case rateLimit
        /// HTTP 500 (error 5000000) or, when `retryable`, error 5000001.
        case serverError
        /// No answer for `hangMilliseconds` of real time, then 500 / 5000001.
        case hang
        /// Apple refusing the call with `errorCode` (its HTTP status follows from the code, 400
        /// for `4000xxx`): what Apple answers for a transaction the endpoint does not support.
        case refusal
    }

    public var id: Int
    /// An endpoint name (see ``AppStoreModels/AppStoreServerEndpoint``) or `*` for every endpoint.
    public var endpoint: String
    public var kind: Kind
    /// Calls affected.
    public var count: Int
    /// How far in the future `Retry-After` points (real milliseconds).
    public var retryAfterMilliseconds: Int64?
    public var retryable: Bool?
    public var hangMilliseconds: Int64?
    /// The error code a `refusal` answers (default 4000000, GeneralBadRequestError).
    public var errorCode: Int64?

    public init(
        id: Int = 0, endpoint: String, kind: Kind, count: Int, retryAfterMilliseconds: Int64? = nil,
        retryable: Bool? = nil, hangMilliseconds: Int64? = nil, errorCode: Int64? = nil
    ) {
        self.id = id
        self.endpoint = endpoint
        self.kind = kind
        self.count = count
        self.retryAfterMilliseconds = retryAfterMilliseconds
        self.retryable = retryable
        self.hangMilliseconds = hangMilliseconds
        self.errorCode = errorCode
    }

    enum CodingKeys: String, CodingKey {
        case id, endpoint, kind, count, retryAfterMilliseconds, retryable, hangMilliseconds, errorCode
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(Int.self, forKey: .id) ?? 0,
            endpoint: try container.decodeIfPresent(String.self, forKey: .endpoint) ?? "*",
            kind: try container.decode(Kind.self, forKey: .kind),
            count: try container.decodeIfPresent(Int.self, forKey: .count) ?? 1,
            retryAfterMilliseconds: try container.decodeIfPresent(Int64.self, forKey: .retryAfterMilliseconds),
            retryable: try container.decodeIfPresent(Bool.self, forKey: .retryable),
            hangMilliseconds: try container.decodeIfPresent(Int64.self, forKey: .hangMilliseconds),
            errorCode: try container.decodeIfPresent(Int64.self, forKey: .errorCode))
    }
}

/// A `verifyReceipt` status answered instead of verifying, for the next `count` calls.
public struct ReceiptFaultRule: Hashable, Sendable, Codable {
    public var id: Int
    public var status: VerifyReceiptStatus
    public var count: Int
    /// Limits the rule to one endpoint; nil means both.
    public var environment: AppStoreEnvironment?
    /// The `is-retryable` answered with a 21100–21199 status: `false` is Apple's "unresolvable
    /// issue, do not retry". Nil answers `true` for a retryable status and omits the field
    /// otherwise.
    public var isRetryable: Bool?

    public init(
        id: Int = 0, status: VerifyReceiptStatus, count: Int, environment: AppStoreEnvironment? = nil,
        isRetryable: Bool? = nil
    ) {
        self.id = id
        self.status = status
        self.count = count
        self.environment = environment
        self.isRetryable = isRetryable
    }

    enum CodingKeys: String, CodingKey { case id, status, count, environment, isRetryable }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(Int.self, forKey: .id) ?? 0,
            status: try container.decode(VerifyReceiptStatus.self, forKey: .status),
            count: try container.decodeIfPresent(Int.self, forKey: .count) ?? 1,
            environment: try container.decodeIfPresent(AppStoreEnvironment.self, forKey: .environment),
            isRetryable: try container.decodeIfPresent(Bool.self, forKey: .isRetryable))
    }
}
