/// An uploaded message or image and Apple's review state of it (`PENDING`, `APPROVED`, `REJECTED`).
public struct RetentionContentBody: Codable, Sendable, Hashable {
    /// A lowercase UUID.
    public var identifier: String
    /// `message` or `image`.
    public var kind: String
    public var environment: String
    public var header: String?
    public var body: String?
    public var imageIdentifier: String?
    public var state: String
    public var uploadedAt: Int64
    public var updatedAt: Int64

    public init(
        identifier: String, kind: String, environment: String, header: String?, body: String?, imageIdentifier: String?,
        state: String, uploadedAt: Int64, updatedAt: Int64
    ) {
        self.identifier = identifier
        self.kind = kind
        self.environment = environment
        self.header = header
        self.body = body
        self.imageIdentifier = imageIdentifier
        self.state = state
        self.uploadedAt = uploadedAt
        self.updatedAt = updatedAt
    }
}

/// `GET /v1/admin/apps/{app}/retention`: the app's rules, its uploads with Apple's review states,
/// the real-time URL Apple has, and the figures of the last 30 days.
public struct RetentionView: Codable, Sendable, Hashable {
    public var environment: String
    public var revision: Int
    public var rules: [RetentionRuleBody]
    public var content: [RetentionContentBody]
    /// What Apple answered Get Realtime URL; nil when none is set or Apple was not reachable.
    public var realtimeURL: String?
    /// Why Apple's side could not be read (the review states shown are the last seen then).
    public var appleUnavailable: String?
    public var figures: RetentionFiguresBody

    public init(
        environment: String, revision: Int, rules: [RetentionRuleBody], content: [RetentionContentBody], realtimeURL: String?,
        appleUnavailable: String?, figures: RetentionFiguresBody
    ) {
        self.environment = environment
        self.revision = revision
        self.rules = rules
        self.content = content
        self.realtimeURL = realtimeURL
        self.appleUnavailable = appleUnavailable
        self.figures = figures
    }
}

/// Real-time retention figures since `since` (milliseconds since 1970): requests answered,
/// answers by kind, answers the server took longer than Apple's 700 ms for, and outcomes per rule.
public struct RetentionFiguresBody: Codable, Sendable, Hashable {
    public var since: Int64
    public var requests: Int
    public var answers: [RetentionCountBody]
    public var deadlineMisses: Int
    public var rules: [RetentionRuleFiguresBody]

    public init(since: Int64, requests: Int, answers: [RetentionCountBody], deadlineMisses: Int, rules: [RetentionRuleFiguresBody]) {
        self.since = since
        self.requests = requests
        self.answers = answers
        self.deadlineMisses = deadlineMisses
        self.rules = rules
    }
}

/// A count by name (an answer kind).
public struct RetentionCountBody: Codable, Sendable, Hashable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// One rule's requests and what the customers did: `redeemed` the offer, `switched` to the plan,
/// `cancelled` (auto-renew off), `stayed` (none of those within 7 days), `pending` (less than 7
/// days ago). `ruleId` absent: answered with the default without a rule.
public struct RetentionRuleFiguresBody: Codable, Sendable, Hashable {
    public var ruleId: String?
    public var requests: Int
    public var stayed: Int
    public var switched: Int
    public var redeemed: Int
    public var cancelled: Int
    public var pending: Int

    public init(ruleId: String?, requests: Int, stayed: Int, switched: Int, redeemed: Int, cancelled: Int, pending: Int) {
        self.ruleId = ruleId
        self.requests = requests
        self.stayed = stayed
        self.switched = switched
        self.redeemed = redeemed
        self.cancelled = cancelled
        self.pending = pending
    }
}

/// What a Retention Messaging action at Apple did: the identifier it concerns (an upload's),
/// the environment, and, for a performance test, Apple's result.
public struct RetentionActionResult: Codable, Sendable, Hashable {
    public var environment: String
    public var identifier: String?
    public var state: String?
    public var performanceTest: RetentionPerformanceTestBody?

    public init(environment: String, identifier: String?, state: String?, performanceTest: RetentionPerformanceTestBody?) {
        self.environment = environment
        self.identifier = identifier
        self.state = state
        self.performanceTest = performanceTest
    }
}

/// Apple's result of a performance test: `PASS`, `FAIL` or `PENDING`, the success rate (%) and
/// response times (ms).
public struct RetentionPerformanceTestBody: Codable, Sendable, Hashable {
    public var requestId: String
    public var result: String?
    public var successRate: Int?
    public var p50: Int64?
    public var p99: Int64?

    public init(requestId: String, result: String?, successRate: Int?, p50: Int64?, p99: Int64?) {
        self.requestId = requestId
        self.result = result
        self.successRate = successRate
        self.p50 = p50
        self.p99 = p99
    }
}
