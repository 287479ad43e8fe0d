import Foundation
import NIOHTTP1
import StorekeeperLocal
import Testing

/// One HTTP answer from Storekeeper, already checked against `openapi.json`.
struct APIResponse: Sendable {
    var status: Int
    var body: Data

    /// The body as JSON (`.null` when it is not JSON).
    var json: JSONValue { (try? JSONValue.parse(body)) ?? .null }
    /// The stable error code of an error body.
    var errorCode: String? { json["error"]?["code"]?.stringValue }
    var text: String { String(decoding: body.prefix(2_000), as: UTF8.self) }
}

/// Calls one app's routes (`/v1/apps/<app>` + path) as one caller, and records an issue for
/// every response `openapi.json` does not describe (undocumented status, wrong shape).
struct CheckedClient: Sendable {
    let transport: E2ETransport
    /// The bearer credential (empty: no `Authorization` header).
    let credential: String
    /// The path prefix of the app's routes (`/v1/apps/demo`).
    let prefix: String
    let contract: OpenAPIContract

    /// A caller over HTTP through `client`, with its credential.
    init(client: StorekeeperClient, prefix: String, contract: OpenAPIContract) {
        self.init(transport: .http(baseURL: client.baseURL), credential: client.credential, prefix: prefix, contract: contract)
    }

    init(transport: E2ETransport, credential: String, prefix: String, contract: OpenAPIContract) {
        self.transport = transport
        self.credential = credential
        self.prefix = prefix
        self.contract = contract
    }

    func get(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> APIResponse {
        try await send(.GET, path, body: nil, sourceLocation: sourceLocation)
    }

    func post(
        _ path: String, _ body: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws
        -> APIResponse
    {
        try await send(.POST, path, body: try JSONSerialization.data(withJSONObject: body), sourceLocation: sourceLocation)
    }

    func post(_ path: String, raw body: Data, sourceLocation: SourceLocation = #_sourceLocation) async throws -> APIResponse {
        try await send(.POST, path, body: body, sourceLocation: sourceLocation)
    }

    func send(
        _ method: HTTPMethod, _ path: String, body: Data?, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIResponse {
        let response = try await transport.send(method, path, body: body, credential: credential)
        for problem in contract.problems(method: method.rawValue, path: prefix + path, status: response.status, body: response.body) {
            Issue.record("openapi.json is not true: \(problem)", sourceLocation: sourceLocation)
        }
        return APIResponse(status: response.status, body: response.body)
    }
}
