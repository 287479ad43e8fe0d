import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting

/// Calls the simulator's HTTP surface through Hummingbird's test client with a valid bearer
/// token, decoding Apple's bodies.
struct APIClient: Sendable {
    let client: any TestClientProtocol
    let simulator: AppStoreSimulator
    var prefix = "/sandbox"

    struct Reply {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder().decode(type, from: Data(body))
        }

        var error: ErrorPayload? { try? decode(ErrorPayload.self) }
    }

    /// A bearer token signed with the app's generated API key.
    static func token(_ simulator: AppStoreSimulator, issuedAt: Date = Date(), lifetime: TimeInterval = 1200) throws -> String {
        let app = try simulator.credentials(bundleId: Fixtures.bundleId)
        guard let key = app.apiKey, let pem = key.privateKeyPEM else { throw TokenError.noGeneratedKey }
        return try AppStoreServerAPIToken(
            privateKey: try ES256Signer.privateKey(p8: pem), keyId: key.keyId, issuerId: key.issuerId,
            bundleId: app.bundleId
        ).token(issuedAt: issuedAt, lifetime: lifetime)
    }

    /// A token with arbitrary claims, signed by `privateKey` (for tokens Apple must refuse).
    static func token(
        claims: [String: String], numbers: [String: Int64], kid: String, privateKey: P256.Signing.PrivateKey
    )
        throws -> String
    {
        struct Claims: Encodable {
            var strings: [String: String]
            var numbers: [String: Int64]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for (key, value) in strings { try container.encode(value, forKey: Key(key)) }
                for (key, value) in numbers { try container.encode(value, forKey: Key(key)) }
            }
        }
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        return try ES256Signer(privateKey: privateKey, header: .init(kid: kid, typ: "JWT"))
            .sign(Claims(strings: claims, numbers: numbers))
    }

    enum TokenError: Error { case noGeneratedKey }

    func call(
        _ method: HTTPRequest.Method, _ path: String, body: String? = nil, token: String? = nil, authorized: Bool = true
    ) async throws -> Reply {
        var headers: HTTPFields = [.contentType: "application/json"]
        if authorized { headers[.authorization] = "Bearer " + (try token ?? Self.token(simulator)) }
        let response = try await client.executeRequest(
            uri: path.hasPrefix("/control") || path.hasPrefix("/verifyReceipt") || path.hasPrefix("/pki") ? path : prefix + path,
            method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        return Reply(status: response.status, headers: response.headers, body: Array(response.body.readableBytesView))
    }

    func get(_ path: String) async throws -> Reply { try await call(.get, path) }
}
