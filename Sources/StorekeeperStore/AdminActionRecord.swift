public import AppStoreModels

/// The first answer to an operator action, kept under the client's idempotency key so a replay of
/// the same request answers the same and does nothing again.
public struct AdminActionRecord: Sendable, Hashable {
    public var appId: String
    /// The client-supplied idempotency key, unique per app.
    public var key: String
    public var operatorName: String
    /// The action, e.g. `grant`, `wallet.adjust`, `order.correct`.
    public var kind: String
    /// SHA-256 of the request as the action understood it: the same key with another request is
    /// a conflict, not a replay.
    public var requestHash: String
    /// The response body first sent (JSON).
    public var response: [UInt8]
    public var createdAt: Timestamp

    public init(
        appId: String, key: String, operatorName: String, kind: String, requestHash: String, response: [UInt8],
        createdAt: Timestamp
    ) {
        self.appId = appId
        self.key = key
        self.operatorName = operatorName
        self.kind = kind
        self.requestHash = requestHash
        self.response = response
        self.createdAt = createdAt
    }
}
