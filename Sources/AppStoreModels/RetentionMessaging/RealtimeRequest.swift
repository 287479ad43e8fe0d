public import Foundation

/// The body the App Store POSTs to an app's Get Retention Message endpoint (`RealtimeRequestBody`).
public struct RealtimeRequestBody: Hashable, Sendable, Codable {
    /// ``DecodedRealtimeRequestBody``, signed by the App Store (JWS compact serialization).
    public var signedPayload: String

    public init(signedPayload: String) {
        self.signedPayload = signedPayload
    }
}

/// The signed payload of a real-time request (`DecodedRealtimeRequestBody`): whose subscription
/// page is open, for which product and locale.
public struct DecodedRealtimeRequestBody: Hashable, Sendable, Codable {
    /// The subscription's original transaction.
    public var originalTransactionId: String?
    /// The app; a request naming another app must not be answered.
    public var appAppleId: Int64?
    /// The auto-renewable subscription shown.
    public var productId: String?
    /// The device's locale (`en-US`).
    public var userLocale: String?
    /// Unique per request: a second request with the same identifier is a replay.
    public var requestIdentifier: UUID?
    public var environment: AppStoreEnvironment?
    public var signedDate: Timestamp?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        originalTransactionId: String? = nil, appAppleId: Int64? = nil, productId: String? = nil, userLocale: String? = nil,
        requestIdentifier: UUID? = nil, environment: AppStoreEnvironment? = nil, signedDate: Timestamp? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.appAppleId = appAppleId
        self.productId = productId
        self.userLocale = userLocale
        self.requestIdentifier = requestIdentifier
        self.environment = environment
        self.signedDate = signedDate
    }
}
