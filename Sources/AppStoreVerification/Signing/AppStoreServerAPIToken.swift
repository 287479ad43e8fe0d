public import Crypto
public import Foundation

/// The ES256 bearer token that authenticates calls to the App Store Server API.
///
/// Header `{"alg":"ES256","kid":keyId,"typ":"JWT"}`; claims `iss` (issuer ID), `iat`, `exp`
/// (Apple rejects tokens living longer than 60 minutes), `aud` `appstoreconnect-v1`, `bid`
/// (bundle ID). Sign with the in-app purchase key (.p8) from App Store Connect.
public struct AppStoreServerAPIToken: Sendable {
    struct Claims: Encodable {
        var iss: String
        var iat: Int64
        var exp: Int64
        var aud: String
        var bid: String
    }

    public static let audience = "appstoreconnect-v1"
    /// Apple's upper bound on a token's lifetime.
    public static let maximumLifetime: TimeInterval = 60 * 60

    public let issuerId: String
    public let bundleId: String
    private let signer: ES256Signer

    public init(privateKey: P256.Signing.PrivateKey, keyId: String, issuerId: String, bundleId: String) throws {
        self.issuerId = issuerId
        self.bundleId = bundleId
        self.signer = try ES256Signer(privateKey: privateKey, header: .init(kid: keyId, typ: "JWT"))
    }

    /// A token valid from `issuedAt` for `lifetime` (clamped to Apple's 60 minutes).
    public func token(issuedAt: Date, lifetime: TimeInterval = 20 * 60) throws -> String {
        let iat = Int64(issuedAt.timeIntervalSince1970)
        let seconds = Int64(min(max(lifetime, 1), Self.maximumLifetime))
        return try signer.sign(Claims(iss: issuerId, iat: iat, exp: iat + seconds, aud: Self.audience, bid: bundleId))
    }
}
