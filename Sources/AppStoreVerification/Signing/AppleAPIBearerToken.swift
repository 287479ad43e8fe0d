import Crypto
import Foundation

/// The ES256 bearer JWT both of Apple's server APIs take — the App Store Server API
/// (``AppStoreServerAPIToken``, per app) and the App Store Connect API
/// (``AppStoreConnectAPIToken``, per team key): one signer, differing only in its claims.
///
/// Header `{"alg":"ES256","kid":keyId,"typ":"JWT"}`; claims `iss` (issuer ID), `iat`, `exp`
/// (clamped to `maximumLifetime`), `aud` `appstoreconnect-v1` and, when set, `bid` (bundle ID).
struct AppleAPIBearerToken: Sendable {
    /// The claims; `bid` is left out of the JSON when nil.
    struct Claims: Encodable {
        var iss: String
        var iat: Int64
        var exp: Int64
        var aud: String
        var bid: String?
    }

    /// The audience Apple expects of both APIs.
    static let audience = "appstoreconnect-v1"

    let issuerId: String
    let bundleId: String?
    /// The longest lifetime Apple accepts for the API's tokens.
    let maximumLifetime: TimeInterval
    private let signer: ES256Signer

    init(
        privateKey: P256.Signing.PrivateKey, keyId: String, issuerId: String, bundleId: String?, maximumLifetime: TimeInterval
    ) throws {
        self.issuerId = issuerId
        self.bundleId = bundleId
        self.maximumLifetime = maximumLifetime
        self.signer = try ES256Signer(privateKey: privateKey, header: .init(kid: keyId, typ: "JWT"))
    }

    /// A token valid from `issuedAt` for `lifetime` (clamped to 1 second … `maximumLifetime`).
    func token(issuedAt: Date, lifetime: TimeInterval) throws -> String {
        let iat = Int64(issuedAt.timeIntervalSince1970)
        let seconds = Int64(min(max(lifetime, 1), maximumLifetime))
        return try signer.sign(Claims(iss: issuerId, iat: iat, exp: iat + seconds, aud: Self.audience, bid: bundleId))
    }
}
