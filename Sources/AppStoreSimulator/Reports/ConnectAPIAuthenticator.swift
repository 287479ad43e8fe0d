import AppStoreModels
import Crypto
import Foundation

/// Checks the ES256 bearer token of an App Store Connect API call the way Apple does for a team
/// key: signed by a registered team key (`kid`), `iss` its issuer, `aud` `appstoreconnect-v1`,
/// `iat` not in the future, `exp` in the future and at most 20 minutes after `iat`. Times are
/// judged against the real clock, since callers mint tokens in real time.
enum ConnectAPIAuthenticator {
    struct Claims: Decodable {
        var iss: String?
        var iat: Int64?
        var exp: Int64?
        var aud: String?
    }

    /// Whether `authorization` carries a valid token of one of `keys`.
    static func authenticate(authorization: String?, keys: [SimulatedReports.TeamKey], now: Date) -> Bool {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return false }
        guard let token = try? CompactJWT<Claims>(String(authorization.dropFirst("Bearer ".count))) else { return false }
        let claims = token.claims
        guard let key = keys.first(where: { $0.keyId == token.header.kid }), claims.iss == key.issuerId,
            claims.aud == "appstoreconnect-v1", let publicKey = try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM),
            token.isSigned(by: publicKey), let iat = claims.iat, let exp = claims.exp
        else { return false }
        let seconds = Int64(now.timeIntervalSince1970)
        return iat <= seconds + 60 && exp > seconds && exp > iat && exp - iat <= 20 * 60
    }
}
