public import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation
public import Storekeeper

/// Customer tokens: compact JWTs the app's backend signs so its app can call Storekeeper for
/// one customer.
///
/// Header `alg` is HS256 or ES256 — only an algorithm whose key the app configured is accepted,
/// and the header never chooses the key. Claims: `sub` (customer id, required), `exp` (seconds,
/// required, at most 24 hours after `iat`), `iat`, and optional `aud` that must name this app
/// (`storekeeper:<appId>`) when present.
enum CustomerToken {
    struct Claims: Codable {
        var sub: String
        var exp: Int64
        var iat: Int64?
        var aud: String?
    }

    struct Header: Codable {
        var alg: String
        var typ: String?
    }

    static let maxLength = 4096
    /// Clock skew tolerated on `exp` and `iat`.
    static let leewaySeconds: Int64 = 60

    static func verify(
        _ token: String, keys: AppConfiguration.CustomerTokenKeys, appId: String, now: Timestamp
    ) throws -> CustomerID {
        guard token.utf8.count <= maxLength else { throw StorekeeperError.unauthorized("token too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = decode(parts[0]), let claimsData = decode(parts[1]),
            let signature = decode(parts[2]),
            let header = try? FastJSONDecoder(maxDepth: 2).decode(Header.self, from: Array(headerData)),
            let claims = try? FastJSONDecoder(maxDepth: 2).decode(Claims.self, from: Array(claimsData))
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
        let seconds = now.millisecondsSince1970 / 1000
        guard claims.exp + leewaySeconds > seconds else { throw StorekeeperError.unauthorized("customer token expired") }
        if let iat = claims.iat {
            guard iat - leewaySeconds <= seconds, claims.exp - iat <= 86_400 else {
                throw StorekeeperError.unauthorized("customer token lifetime is not acceptable")
            }
        }
        if let aud = claims.aud, aud != "storekeeper:\(appId)" {
            throw StorekeeperError.unauthorized("customer token is for another app")
        }
        guard let customerId = CustomerID(rawValue: claims.sub) else {
            throw StorekeeperError.unauthorized("customer token names an invalid customer")
        }
        return customerId
    }

    /// Signs a token (used by tests, the demo and `storekeeper token`).
    static func signHS256(
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
