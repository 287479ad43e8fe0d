public import Crypto
public import Foundation

/// The ES256 bearer token that authenticates calls to the App Store Connect API (Sales and Trends
/// and finance reports) with a team API key.
///
/// Header `{"alg":"ES256","kid":keyId,"typ":"JWT"}`; claims `iss` (issuer ID), `iat`, `exp`
/// (Apple rejects App Store Connect API tokens living longer than 20 minutes), `aud`
/// `appstoreconnect-v1`. Unlike ``AppStoreServerAPIToken`` there is no `bid`: a team key is not
/// tied to an app. Sign with the team key (.p8) from App Store Connect › Users and Access ›
/// Integrations (a key with the Sales or Finance role).
public struct AppStoreConnectAPIToken: Sendable {
    /// The audience Apple expects.
    public static let audience = AppleAPIBearerToken.audience
    /// Apple's upper bound on a token's lifetime.
    public static let maximumLifetime: TimeInterval = 20 * 60

    /// The team's issuer ID.
    public var issuerId: String { bearer.issuerId }
    /// The key's ID.
    public let keyId: String
    private let bearer: AppleAPIBearerToken

    public init(privateKey: P256.Signing.PrivateKey, keyId: String, issuerId: String) throws {
        self.keyId = keyId
        self.bearer = try AppleAPIBearerToken(
            privateKey: privateKey, keyId: keyId, issuerId: issuerId, bundleId: nil, maximumLifetime: Self.maximumLifetime)
    }

    /// A token valid from `issuedAt` for `lifetime` (clamped to Apple's 20 minutes).
    public func token(issuedAt: Date, lifetime: TimeInterval = 20 * 60) throws -> String {
        try bearer.token(issuedAt: issuedAt, lifetime: lifetime)
    }
}
