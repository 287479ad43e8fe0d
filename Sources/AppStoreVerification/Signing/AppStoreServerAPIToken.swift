public import Crypto
public import Foundation

/// The ES256 bearer token that authenticates calls to the App Store Server API.
///
/// Header `{"alg":"ES256","kid":keyId,"typ":"JWT"}`; claims `iss` (issuer ID), `iat`, `exp`
/// (Apple rejects tokens living longer than 60 minutes), `aud` `appstoreconnect-v1`, `bid`
/// (bundle ID). Sign with the in-app purchase key (.p8) from App Store Connect.
public struct AppStoreServerAPIToken: Sendable {
    public static let audience = AppleAPIBearerToken.audience
    /// Apple's upper bound on a token's lifetime.
    public static let maximumLifetime: TimeInterval = 60 * 60

    public var issuerId: String { bearer.issuerId }
    public let bundleId: String
    private let bearer: AppleAPIBearerToken

    public init(privateKey: P256.Signing.PrivateKey, keyId: String, issuerId: String, bundleId: String) throws {
        self.bundleId = bundleId
        self.bearer = try AppleAPIBearerToken(
            privateKey: privateKey, keyId: keyId, issuerId: issuerId, bundleId: bundleId, maximumLifetime: Self.maximumLifetime)
    }

    /// A token valid from `issuedAt` for `lifetime` (clamped to Apple's 60 minutes).
    public func token(issuedAt: Date, lifetime: TimeInterval = 20 * 60) throws -> String {
        try bearer.token(issuedAt: issuedAt, lifetime: lifetime)
    }
}
