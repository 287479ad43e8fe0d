import AppStoreModels
import AppStoreVerification
import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import MetricsTestKit
import StorekeeperTesting

@testable import AppStoreAPI

/// The app's API key as the tests use it, and a verifier of the bearer tokens it signs.
struct TestCredentials: Sendable {
    static let keyId = "TESTKEY123"
    static let issuerId = "57246542-96fe-1a63-e053-0824d011072a"
    static let bundleId = "com.example.storekeeper"

    let privateKey: P256.Signing.PrivateKey
    let token: AppStoreServerAPIToken

    init() throws {
        privateKey = P256.Signing.PrivateKey()
        token = try AppStoreServerAPIToken(
            privateKey: privateKey, keyId: Self.keyId, issuerId: Self.issuerId, bundleId: Self.bundleId)
    }

    /// The claims of a verified bearer token.
    struct Claims: Decodable, Equatable {
        var iss: String
        var iat: Int64
        var exp: Int64
        var aud: String
        var bid: String
    }

    enum JWTFailure: Error {
        case malformed(String)
        case badSignature
        case badHeader(String)
    }

    /// Verifies `Authorization: Bearer <jwt>` the way Apple does: ES256 over `header.payload` with
    /// the app's public key, `kid`, `alg`, `typ`; returns the claims.
    func verify(authorization: String?) throws -> Claims {
        guard let authorization, authorization.hasPrefix("Bearer ") else { throw JWTFailure.malformed("no bearer") }
        let jwt = String(authorization.dropFirst("Bearer ".count))
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw JWTFailure.malformed("\(parts.count) parts") }
        guard let headerData = Self.base64URL(parts[0]), let payloadData = Self.base64URL(parts[1]),
            let signatureData = Self.base64URL(parts[2])
        else { throw JWTFailure.malformed("base64") }
        let header = try JSONDecoder().decode([String: String].self, from: headerData)
        guard header["alg"] == "ES256", header["kid"] == Self.keyId, header["typ"] == "JWT" else {
            throw JWTFailure.badHeader("\(header)")
        }
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureData)
        guard privateKey.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)) else {
            throw JWTFailure.badSignature
        }
        return try JSONDecoder().decode(Claims.self, from: payloadData)
    }

    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

/// Builds clients pointed at a test server.
struct ClientFactory: Sendable {
    let credentials: TestCredentials
    let clock: TestClock
    let metrics: TestMetrics

    init(clock: TestClock = TestClock(now: Date(timeIntervalSince1970: 1_750_000_000))) throws {
        credentials = try TestCredentials()
        self.clock = clock
        metrics = TestMetrics()
    }

    func configuration(
        _ server: TestServer,
        environment: AppStoreEnvironment = .production,
        retry: AppStoreAPIRetryPolicy = AppStoreAPIRetryPolicy(maximumAttempts: 3),
        maximumRateLimitWait: Duration = .zero,
        requestTimeout: Duration = .seconds(10)
    ) -> AppStoreServerAPIConfiguration {
        AppStoreServerAPIConfiguration(
            environment: environment, baseURL: server.baseURL, requestTimeout: requestTimeout, retry: retry,
            maximumRateLimitWait: maximumRateLimitWait)
    }

    func client(
        _ server: TestServer,
        configuration: AppStoreServerAPIConfiguration? = nil,
        rateLimiter: AppStoreRateLimiter = AppStoreRateLimiter()
    ) throws -> AppStoreServerAPIClient {
        try AppStoreServerAPIClient(
            configuration: configuration ?? self.configuration(server),
            token: credentials.token,
            httpClient: .shared,
            rateLimiter: rateLimiter,
            clock: clock,
            metricsFactory: metrics,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}
