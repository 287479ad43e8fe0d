import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// The admin API as the CLI calls it: JSON in and out with an operator key. A non-2xx answer
/// becomes ``AdminClient/Failure`` carrying the API's error code and message.
struct AdminClient: Sendable {
    let baseURL: String
    let key: String

    /// An error the server answered (or why it could not be reached).
    struct Failure: Error, CustomStringConvertible {
        let status: Int
        let code: String
        let message: String

        /// Printed to the terminal: the server's words are text it stored or was sent, neutralised.
        var description: String {
            DisplayText.neutralised(status == 0 ? message : "\(status) \(code): \(message)")
        }
    }

    func get(_ path: String, query: [String: String?] = [:]) async throws -> Data {
        try await send(.GET, path + Self.queryString(query), body: nil)
    }

    func post(_ path: String, _ body: some Encodable) async throws -> Data {
        try await send(.POST, path, body: try JSONEncoder().encode(body))
    }

    func put(_ path: String, _ body: some Encodable) async throws -> Data {
        try await send(.PUT, path, body: try JSONEncoder().encode(body))
    }

    func get<T: Decodable>(_ type: T.Type, _ path: String, query: [String: String?] = [:]) async throws -> T {
        try JSONDecoder().decode(T.self, from: try await get(path, query: query))
    }

    func post<T: Decodable>(_ type: T.Type, _ path: String, _ body: some Encodable) async throws -> T {
        try JSONDecoder().decode(T.self, from: try await post(path, body))
    }

    private func send(_ method: HTTPMethod, _ path: String, body: Data?) async throws -> Data {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: body))
        }
        let response = try await execute(request)
        let data = Data(buffer: try await response.body.collect(upTo: 64 * 1024 * 1024))
        guard (200..<300).contains(response.status.code) else {
            let error = (try? JSONDecoder().decode(APIErrorBody.self, from: data))?.error
            throw Failure(
                status: Int(response.status.code), code: error?.code ?? "http\(response.status.code)",
                message: error?.message ?? String(decoding: data.prefix(500), as: UTF8.self))
        }
        return data
    }

    /// `request`'s response; a failure to connect is tried again after each of
    /// ``AdminTransport/reconnectDelays``, then reported as `unreachable`.
    func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        var delays = AdminTransport.reconnectDelays[...]
        while true {
            do {
                return try await AdminTransport.client.execute(request, timeout: .seconds(120))
            } catch {
                guard AdminTransport.isConnectFailure(error) else {
                    throw Failure(status: 0, code: "unreachable", message: "could not reach \(baseURL): \(error)")
                }
                guard let delay = delays.popFirst() else {
                    throw Failure(
                        status: 0, code: "unreachable", message: "could not reach \(baseURL): \(AdminTransport.reason(error))")
                }
                try await Task.sleep(for: delay)
            }
        }
    }

    /// `?a=1&b=2` of the present values, percent-encoded; empty when none is.
    static func queryString(_ query: [String: String?]) -> String {
        let pairs = query.compactMap { name, value in value.map { (name, $0) } }.sorted { $0.0 < $1.0 }
        guard !pairs.isEmpty else { return "" }
        return "?" + pairs.map { "\(pathSegment($0.0))=\(pathSegment($0.1))" }.joined(separator: "&")
    }

    /// `value` percent-encoded for one path segment or query value.
    static func pathSegment(_ value: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// The response printed for people who asked for `--json`: the server's JSON, pretty-printed.
    static func prettyJSON(_ data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data),
            let pretty = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return String(decoding: data, as: UTF8.self) }
        return String(decoding: pretty, as: UTF8.self)
    }
}
