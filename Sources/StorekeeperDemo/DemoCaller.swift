import Foundation
import StorekeeperLocal

/// One caller of Storekeeper's HTTP API in the demo — an app holding a customer token, or the
/// app's backend holding a server API key — that prints each request on the timeline.
struct DemoCaller: Sendable {
    /// Who the timeline names (`alice's app`, `backend`).
    let name: String
    let client: StorekeeperClient
    let timeline: DemoTimeline

    /// A response that came back with an unexpected status.
    struct UnexpectedResponse: Error, CustomStringConvertible {
        var request: String
        var status: Int
        var body: String
        var description: String { "\(request) answered \(status): \(body)" }
    }

    /// GET `path`, expecting `expected`.
    func get<T: Decodable>(_ path: String, as type: T.Type, expect expected: Int = 200, quiet: Bool = false) async throws -> T {
        let response = try await client.get(path)
        return try handle(response, "GET " + path, summary: nil, expected: expected, quiet: quiet, as: type)
    }

    /// POST a JSON body (nil: none, for the routes that take none); `summary` is what the
    /// timeline shows of it.
    func post<T: Decodable>(
        _ path: String, _ body: [String: Any]?, summary: String? = nil, shownPath: String? = nil, as type: T.Type,
        expect expected: Int = 200
    ) async throws -> T {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes]) }
        let response = try await client.send(.POST, path, body: data)
        let shown = summary ?? data.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return try handle(response, "POST " + (shownPath ?? path), summary: shown, expected: expected, quiet: false, as: type)
    }

    private func handle<T: Decodable>(
        _ response: StorekeeperClient.Response, _ request: String, summary: String?, expected: Int, quiet: Bool,
        as type: T.Type
    ) throws -> T {
        guard response.status == expected else {
            throw UnexpectedResponse(request: request, status: response.status, body: String(decoding: response.body, as: UTF8.self))
        }
        if !quiet {
            timeline.event(name, request + (summary.map { " " + $0 } ?? "") + "  → \(response.status)")
        }
        return try JSONDecoder().decode(T.self, from: response.body)
    }
}
