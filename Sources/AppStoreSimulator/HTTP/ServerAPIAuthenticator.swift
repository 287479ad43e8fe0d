import AppStoreModels
import Crypto
import Foundation

/// Checks the ES256 bearer token of an App Store Server API call the way Apple does: signed by
/// the app's In-App Purchase key (`kid`), `aud` `appstoreconnect-v1`, `iss` the key's issuer,
/// `bid` the app, `iat` not in the future, `exp` in the future and at most 60 minutes after
/// `iat`. Times are judged against the real clock, since callers mint tokens in real time.
struct ServerAPIAuthenticator: Sendable {
    struct Claims: Decodable {
        var iss: String?
        var iat: Int64?
        var exp: Int64?
        var aud: String?
        var bid: String?
    }

    /// The bundle ID a valid token authenticates, or nil.
    static func authenticate(
        authorization: String?, apps: [String: SimulatedApp], now: Date
    ) -> String? {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return nil }
        guard let token = try? CompactJWT<Claims>(String(authorization.dropFirst("Bearer ".count))) else { return nil }
        let claims = token.claims
        guard let bundleId = claims.bid, let app = apps[bundleId], let key = app.apiKey,
            token.header.kid == key.keyId, claims.iss == key.issuerId, claims.aud == "appstoreconnect-v1",
            let publicKey = try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM), token.isSigned(by: publicKey),
            let iat = claims.iat, let exp = claims.exp
        else { return nil }
        let seconds = Int64(now.timeIntervalSince1970)
        guard iat <= seconds + 60, exp > seconds, exp > iat, exp - iat <= 3600 else { return nil }
        return bundleId
    }
}
