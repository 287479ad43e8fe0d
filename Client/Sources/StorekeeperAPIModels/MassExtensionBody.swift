/// A mass extension as sent to Apple, and (from `GET .../extensions/{id}`) its status there.
/// Times are milliseconds since 1970.
public struct MassExtensionBody: Codable, Sendable, Hashable {
    public var requestIdentifier: String
    public var productId: String
    public var environment: String
    public var days: Int
    public var reasonCode: Int
    public var storefronts: [String]?
    public var requestedBy: String
    public var requestedAt: Int64
    /// Apple's status; absent right after the request.
    public var complete: Bool?
    public var completeDate: Int64?
    public var succeededCount: Int64?
    public var failedCount: Int64?

    public init(
        requestIdentifier: String, productId: String, environment: String, days: Int, reasonCode: Int, storefronts: [String]? = nil,
        requestedBy: String, requestedAt: Int64, complete: Bool? = nil, completeDate: Int64? = nil, succeededCount: Int64? = nil,
        failedCount: Int64? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.productId = productId
        self.environment = environment
        self.days = days
        self.reasonCode = reasonCode
        self.storefronts = storefronts
        self.requestedBy = requestedBy
        self.requestedAt = requestedAt
        self.complete = complete
        self.completeDate = completeDate
        self.succeededCount = succeededCount
        self.failedCount = failedCount
    }
}
