public import AsyncHTTPClient
public import Foundation
public import NIOCore
public import NIOHTTP1

/// A small JSON client for Storekeeper's HTTP API, as an app's backend would call it.
public struct StorekeeperClient: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var body: Data

        /// The body as a JSON object (empty when it is not one).
        public var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        public func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder().decode(T.self, from: body)
        }
    }

    public let baseURL: String
    public let credential: String
    let client: HTTPClient
    /// How long one request may take, from sending to the whole answer.
    public let timeout: TimeAmount

    public init(baseURL: String, credential: String, client: HTTPClient = .shared, timeout: TimeAmount = .seconds(30)) {
        self.baseURL = baseURL
        self.credential = credential
        self.client = client
        self.timeout = timeout
    }

    public func get(_ path: String) async throws -> Response {
        try await send(.GET, path, body: nil)
    }

    public func post(_ path: String, _ body: [String: Any]) async throws -> Response {
        try await send(.POST, path, body: try JSONSerialization.data(withJSONObject: body))
    }

    public func post(_ path: String, raw body: Data, authenticated: Bool = true) async throws -> Response {
        try await send(.POST, path, body: body, authenticated: authenticated)
    }

    public func send(_ method: HTTPMethod, _ path: String, body: Data?, authenticated: Bool = true) async throws -> Response {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if authenticated { request.headers.add(name: "Authorization", value: "Bearer \(credential)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: body))
        }
        let response = try await client.execute(request, timeout: timeout)
        let buffer = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Response(status: Int(response.status.code), body: Data(buffer: buffer))
    }
}
