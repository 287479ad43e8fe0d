import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import StorekeeperLocal

/// How a test's calls reach Storekeeper: over HTTP to a listening server, or in-process through
/// HummingbirdTesting's `.router` client (route tests in which a socket adds nothing).
enum E2ETransport: Sendable {
    /// `baseURL` + path, over a connection (`StorekeeperClient`).
    case http(baseURL: String)
    /// The path (which starts at the server's root) through the router's test client.
    case router(any TestClientProtocol, baseURL: String)

    /// Sends one request; a non-empty `credential` goes as `Authorization: Bearer`.
    func send(_ method: HTTPMethod, _ path: String, body: Data?, credential: String) async throws -> APIResponse {
        switch self {
        case .http(let baseURL):
            let response = try await StorekeeperClient(baseURL: baseURL, credential: credential).send(
                method, path, body: body, authenticated: !credential.isEmpty)
            return APIResponse(status: response.status, body: response.body)
        case .router(let client, let baseURL):
            var headers = HTTPFields()
            if !credential.isEmpty { headers[.authorization] = "Bearer \(credential)" }
            if body != nil { headers[.contentType] = "application/json" }
            return try await client.execute(
                uri: baseURL + path, method: HTTPRequest.Method(rawValue: method.rawValue) ?? .get, headers: headers,
                body: body.map { ByteBuffer(data: $0) }
            ) { response in
                APIResponse(status: Int(response.status.code), body: Data(buffer: response.body))
            }
        }
    }

    /// The same transport, its base extended by `path` (`/v1/apps/demo`).
    func appending(_ path: String) -> E2ETransport {
        switch self {
        case .http(let baseURL): .http(baseURL: baseURL + path)
        case .router(let client, let baseURL): .router(client, baseURL: baseURL + path)
        }
    }
}
