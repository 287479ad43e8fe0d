import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// Storekeeper's clock in these tests, in whole seconds.
private let now: Int64 = 1_900_000_000
private let day: Int64 = 86_400

/// What a customer token must say about its own lifetime: `iat` and `exp` both present, `exp`
/// after `iat` by at most 24 hours, `iat` not ahead of Storekeeper's clock by more than the 60
/// seconds of tolerated skew. Every refusal is a 401 `unauthorized`.
@Suite struct CustomerTokenLifetimeTests {
    static let secret = Array("customer-token-lifetime-tests-secret!!".utf8)
    static let keys = AppConfiguration.CustomerTokenKeys(hs256Secret: secret)

    /// An HS256 token with exactly these claims (nil leaves a claim out).
    static func token(sub: String = "alice", iat: Int64?, exp: Int64?) -> String {
        var claims: [String: Any] = ["sub": sub, "aud": "storekeeper:app"]
        if let iat { claims["iat"] = iat }
        if let exp { claims["exp"] = exp }
        let header = Base64.encodeURL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = Base64.encodeURL((try? JSONSerialization.data(withJSONObject: claims)) ?? Data())
        let input = header + "." + payload
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: secret))
        return input + "." + Base64.encodeURL(Data(mac))
    }

    static func verify(_ token: String) throws -> CustomerID {
        try CustomerToken.verify(
            token, keys: keys, appId: "app", space: .preIsolation, now: Timestamp(millisecondsSince1970: now * 1000 + 999))
    }

    @Test(
        arguments: [
            ("no iat", nil, now + 3600),
            ("no exp", now, nil),
            ("neither iat nor exp", nil, nil),
            ("lives a second longer than a day", now, now + day + 1),
            ("lives ten years", now, now + 10 * 365 * day),
            ("issued 61 s in the future", now + 61, now + 3600),
            ("issued an hour in the future", now + 3600, now + 7200),
            ("expires before it is issued", now, now - 1),
            ("expires when it is issued", now, now),
            ("expired beyond the skew", now - 3600, now - 60),
        ] as [(String, Int64?, Int64?)])
    func refused(_ label: String, _ iat: Int64?, _ exp: Int64?) {
        let error = #expect(throws: StorekeeperError.self, "\(label)") { try Self.verify(Self.token(iat: iat, exp: exp)) }
        #expect(error?.code == .unauthorized, "\(label)")
        #expect(error?.status == .unauthorized, "\(label)")
    }

    @Test(
        arguments: [
            ("an hour", now, now + 3600),
            ("exactly a day", now, now + day),
            ("issued 60 s in the future", now + 60, now + 3600),
            ("a day, issued a day ago, within the skew of expiring", now - day + 59, now + 59),
            ("expired 59 s ago, within the skew", now - 3600, now - 59),
        ] as [(String, Int64, Int64)])
    func accepted(_ label: String, _ iat: Int64, _ exp: Int64) throws {
        #expect(try Self.verify(Self.token(iat: iat, exp: exp)).rawValue == "alice", "\(label)")
    }

    @Test(arguments: [".", ".."])
    func dotSubjectsAreRefused(_ sub: String) {
        let error = #expect(throws: StorekeeperError.self) { try Self.verify(Self.token(sub: sub, iat: now, exp: now + 60)) }
        #expect(error?.code == .unauthorized)
    }
}
