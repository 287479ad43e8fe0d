public import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation
public import Storekeeper
package import StorekeeperApplication

/// Customer tokens: compact JWTs the app's backend signs so its app can call Storekeeper for
/// one customer.
///
/// Header `alg` is HS256 or ES256 — only an algorithm whose key the app configured is accepted,
/// and the header never chooses the key. Claims: `sub` (customer id, required), `iat` and `exp`
/// (whole seconds since 1970, both required; `exp` after `iat` and at most 24 hours after it;
/// `iat` not more than `leewaySeconds` ahead of Storekeeper's clock), and optional `aud` that must
/// name this app (`storekeeper:<appId>`) when present. Every refusal is a 401 `unauthorized`.
package enum CustomerToken {
    package struct Claims: Codable {
        package var sub: String
        package var exp: Int64?
        package var iat: Int64?
        package var aud: String?
    }

    package struct Header: Codable {
        package var alg: String
        package var typ: String?
    }

    package static let maxLength = 4096
    /// Clock skew tolerated between the backend that signs and Storekeeper, on `exp` and `iat`.
    package static let leewaySeconds: Int64 = 60
    /// The longest lifetime (`exp - iat`) a token may claim.
    package static let maxLifetimeSeconds: Int64 = 86_400

    /// The customer `token` acts for, in `space` (the app's customers).
    package static func verify(
        _ token: String, keys: AppConfiguration.CustomerTokenKeys, appId: String, space: CustomerSpace, now: Timestamp
    ) throws -> CustomerID {
        guard token.utf8.count <= maxLength else { throw StorekeeperError.unauthorized("token too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = decode(parts[0]), let claimsData = decode(parts[1]),
            let signature = decode(parts[2]),
            let header = try? JSONCoding.decodeStrict(Header.self, from: Array(headerData), maxDepth: 2),
            let claims = try? JSONCoding.decodeStrict(Claims.self, from: Array(claimsData), maxDepth: 2)
        else { throw StorekeeperError.unauthorized("malformed customer token") }
        let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        switch header.alg {
        case "HS256":
            guard let secret = keys.hs256Secret else { throw StorekeeperError.unauthorized("HS256 tokens are not accepted") }
            guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: SymmetricKey(data: secret))
            else { throw StorekeeperError.unauthorized("customer token signature is invalid") }
        case "ES256":
            guard let key = keys.es256PublicKey else { throw StorekeeperError.unauthorized("ES256 tokens are not accepted") }
            guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
                key.isValidSignature(ecdsa, for: signingInput)
            else { throw StorekeeperError.unauthorized("customer token signature is invalid") }
        default:
            throw StorekeeperError.unauthorized("customer token algorithm is not accepted")
        }
        try checkLifetime(claims, now: now)
        if let aud = claims.aud, aud != "storekeeper:\(appId)" {
            throw StorekeeperError.unauthorized("customer token is for another app")
        }
        guard let customerId = CustomerID(claims.sub, in: space) else {
            throw StorekeeperError.unauthorized("customer token names an invalid customer")
        }
        return customerId
    }

    /// A token without `iat` or `exp`, issued in the future, or living longer than a day would
    /// let a leaked token act for its customer for as long as it says: refused.
    package static func checkLifetime(_ claims: Claims, now: Timestamp) throws {
        guard let iat = claims.iat else { throw StorekeeperError.unauthorized("customer token has no iat") }
        guard let exp = claims.exp else { throw StorekeeperError.unauthorized("customer token has no exp") }
        let seconds = now.millisecondsSince1970 / 1000
        guard exp + leewaySeconds > seconds else { throw StorekeeperError.unauthorized("customer token expired") }
        guard iat <= seconds + leewaySeconds else {
            throw StorekeeperError.unauthorized("customer token is issued in the future")
        }
        guard exp > iat, exp - iat <= maxLifetimeSeconds else {
            throw StorekeeperError.unauthorized("customer token lifetime must be positive and at most 24 hours")
        }
    }

    /// Signs a token (used by tests, the demo and `storekeeper token`).
    package static func signHS256(
        customerId: CustomerID, appId: String, secret: [UInt8], issuedAt: Timestamp, lifetimeSeconds: Int64 = 3600
    ) -> String {
        let iat = issuedAt.millisecondsSince1970 / 1000
        let header = encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let claims = Claims(sub: customerId.rawValue, exp: iat + lifetimeSeconds, iat: iat, aud: "storekeeper:\(appId)")
        let payload = encode((try? JSONEncoder().encode(claims)) ?? Data())
        let input = header + "." + payload
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: secret))
        return input + "." + encode(Data(mac))
    }

    private static func decode(_ segment: Substring) -> Data? {
        Base64.decodeURL(String(segment)).map { Data($0) }
    }

    private static func encode(_ data: Data) -> String { Base64.encodeURL(data) }
}

/// Signs customer tokens the way an app's backend does (for development, tests and the demo).
public enum CustomerTokenSigner {
    public static func signHS256(
        customerId: CustomerID, appId: String, secret: [UInt8], issuedAt: Timestamp, lifetimeSeconds: Int64 = 3600
    ) -> String {
        CustomerToken.signHS256(
            customerId: customerId, appId: appId, secret: secret, issuedAt: issuedAt, lifetimeSeconds: lifetimeSeconds)
    }
}
