import AppStoreModels
import Foundation
import Hummingbird
import NIOCore

/// Response helpers shared by the simulator's routes.
enum HTTPSupport {
    static let encoder = JSONCoding.encoder()

    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        do {
            return bytes(Array(try encoder.encode(value)), status: status, headers: headers)
        } catch {
            return text("response encoding failed\n", status: .internalServerError)
        }
    }

    static func bytes(
        _ bytes: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:],
        contentType: String = "application/json"
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func text(
        _ text: String, status: HTTPResponse.Status, contentType: String = "text/plain; charset=utf-8"
    )
        -> Response
    {
        bytes(Array(text.utf8), status: status, contentType: contentType)
    }

    static func empty(_ status: HTTPResponse.Status) -> Response {
        Response(status: status)
    }

    /// Apple's error body, with the status its code implies.
    static func apiError(_ error: APIRequestError, headers: HTTPFields = [:]) -> Response {
        json(
            error.errorPayload, status: HTTPResponse.Status(code: error.errorCode.httpStatusCode), headers: headers)
    }

    /// The control API's error body: `{"error": code, "reason": text}`.
    static func controlError(_ error: SimulatorError) -> Response {
        json(["error": error.code.rawValue, "reason": error.reason], status: HTTPResponse.Status(code: error.httpStatus))
    }

    /// The request body, at most `limit` bytes.
    static func body(of request: Request, limit: Int) async throws -> [UInt8] {
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        return Array(buffer.readableBytesView)
    }

    /// Query items, percent-decoded, repeated names kept in order.
    ///
    /// Parsed by hand: `URLComponents.percentEncodedQuery` traps on characters RFC 3986 does not
    /// allow unencoded, and clients do send them (`filter[reportType]=…` with raw brackets, as
    /// App Store Connect examples and `curl --globoff` write it). A malformed `%` escape is kept
    /// as written.
    static func queryItems(of request: Request) -> [URLQueryItem] {
        guard let query = request.uri.query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : nil
            return URLQueryItem(name: name.removingPercentEncoding ?? name, value: value.map { $0.removingPercentEncoding ?? $0 })
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(SimulatorError) -> T {
        do {
            return try JSONCoding.decode(type, from: Data(bytes))
        } catch {
            throw .invalidRequest("the body is not a valid \(type): \(error)")
        }
    }
}
