public import AppStoreModels

/// Mass renewal-date extensions an operator asked Apple for, so their status can be looked up
/// by Apple's request identifier alone (Apple's status endpoint also wants the product).
public protocol MassExtensionStoreReader: Sendable {
    func massExtension(appId: String, requestIdentifier: String) async throws -> MassExtensionRecord?
}

public protocol MassExtensionStoreWriter: MassExtensionStoreReader {
    /// Records a request; returns `false` when one with the same app and identifier is stored
    /// (a replay: the first record stands).
    func insertMassExtension(_ record: MassExtensionRecord) async throws -> Bool
}

/// One mass extension request as sent to Apple.
public struct MassExtensionRecord: Sendable, Hashable, Codable {
    public var appId: String
    /// The UUID Apple knows the request by (derived from the operator's idempotency key).
    public var requestIdentifier: String
    public var environment: AppStoreEnvironment
    public var productId: String
    public var days: Int
    public var reasonCode: Int
    /// ISO 3166-1 alpha-3 codes; `nil` for every storefront.
    public var storefronts: [String]?
    public var operatorName: String
    public var createdAt: Timestamp

    public init(
        appId: String, requestIdentifier: String, environment: AppStoreEnvironment, productId: String, days: Int,
        reasonCode: Int, storefronts: [String]?, operatorName: String, createdAt: Timestamp
    ) {
        self.appId = appId
        self.requestIdentifier = requestIdentifier
        self.environment = environment
        self.productId = productId
        self.days = days
        self.reasonCode = reasonCode
        self.storefronts = storefronts
        self.operatorName = operatorName
        self.createdAt = createdAt
    }
}
