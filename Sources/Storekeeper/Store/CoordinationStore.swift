public import AppStoreModels

/// Reads of what instances coordinate through: watermarks (how far a job got) and API keys.
public protocol CoordinationStoreReader: Sendable {
    func watermark(_ name: String) async throws -> String?

    func apiKey(hash: String) async throws -> APIKeyRecord?
}

/// An Apple purchase or subscription as a lock names it.
public typealias PurchaseLock = (environment: AppStoreEnvironment, originalTransactionId: String)

/// Writes of coordination: locks held until the transaction ends, named leases across
/// instances, watermarks and API keys. Invariants: a named lease has one live holder at a time;
/// an API key's hash is unique. Take locks in the documented order (customer, then purchases).
public protocol CoordinationStoreWriter: CoordinationStoreReader {
    /// Serializes writers touching this customer until the transaction ends (PostgreSQL advisory
    /// lock; SQLite's single writer already serializes). Take locks in a consistent order.
    func lock(customer: CustomerID) async throws
    /// Serializes writers touching this Apple purchase or subscription.
    func lock(environment: AppStoreEnvironment, originalTransactionId: String) async throws
    /// `lock(customer:)`, then `lock(environment:originalTransactionId:)` for each purchase in
    /// the order given, in one round trip.
    func lock(customer: CustomerID, purchases: [PurchaseLock]) async throws
    /// Serializes writers that may link a customer to this Apple account (``AppleAccountSharing``),
    /// taken after every customer's and purchase's lock.
    func lock(appleAccount: AppleAccountKey) async throws

    func setWatermark(_ name: String, value: String) async throws
    /// Takes the named lease if it is free or expired; `true` when this owner holds it now.
    func acquireLease(_ name: String, owner: String, until: Timestamp, now: Timestamp) async throws -> Bool

    /// A second key with the same hash fails with a unique violation.
    func insertAPIKey(_ key: APIKeyRecord) async throws
}

/// A server-to-server API key: only its hash is stored.
public struct APIKeyRecord: Hashable, Sendable, Codable {
    public var name: String
    /// SHA-256 of the secret, lowercase hex.
    public var hash: String
    public var scopes: [String]
    public var createdAt: Timestamp
    public var revokedAt: Timestamp?

    public init(name: String, hash: String, scopes: [String], createdAt: Timestamp, revokedAt: Timestamp? = nil) {
        self.name = name
        self.hash = hash
        self.scopes = scopes
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }

    /// The scope that lets a key call one app's routes.
    public static func appScope(_ appId: String) -> String { "app:" + appId }

    /// The apps this key may call (its `app:<id>` scopes). Empty for a key created before keys
    /// were bound to apps: see ``mayCall(app:onlyConfiguredApp:)``.
    public var apps: [String] { scopes.compactMap { $0.hasPrefix("app:") ? String($0.dropFirst(4)) : nil } }

    /// Whether this key may call `app`'s routes: a key bound to apps only theirs; an older key,
    /// bound to none, only the configuration's one app when it has exactly one
    /// (`onlyConfiguredApp`), so adding a second app never opens it to a key made for the first.
    public func mayCall(app: String, onlyConfiguredApp: String?) -> Bool {
        let apps = self.apps
        return apps.isEmpty ? onlyConfiguredApp == app : apps.contains(app)
    }
}
