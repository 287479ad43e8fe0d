import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import Testing

/// A browser of the web console over HTTP: keeps the cookies the server sets, never follows a
/// redirect by itself (a test reads where it leads), and posts forms as a browser does.
final class ConsoleWebBrowser: Sendable {
    /// A page as the browser got it.
    struct Page: Sendable {
        let status: Int
        let location: String?
        let html: String

        /// The value of field `name` in the form posting to `action`.
        func field(_ name: String, of action: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let form = try #require(html.range(of: "action=\"\(action)\""), "no form posting to \(action)", sourceLocation: sourceLocation)
            let rest = html[form.upperBound...]
            let field = try #require(rest.range(of: "name=\"\(name)\" value=\""), "no \(name) in the form", sourceLocation: sourceLocation)
            let value = rest[field.upperBound...]
            return String(value[..<(value.firstIndex(of: "\"") ?? value.endIndex)])
        }
    }

    let baseURL: String
    private let client: HTTPClient
    private let jar = Mutex<[String: String]>([:])

    private init(baseURL: String, client: HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    /// A browser of the console at `baseURL` for the time of `body`.
    static func with<T: Sendable>(_ baseURL: String, _ body: (ConsoleWebBrowser) async throws -> T) async throws -> T {
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        let browser = ConsoleWebBrowser(baseURL: baseURL, client: client)
        do {
            let result = try await body(browser)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    func get(_ path: String) async throws -> Page { try await send(.GET, path, form: nil) }

    /// Posts `fields` as `application/x-www-form-urlencoded`.
    func post(_ path: String, _ fields: [(String, String)]) async throws -> Page { try await send(.POST, path, form: fields) }

    /// Signs in as the operator `name` with `key`.
    func signIn(_ name: String, key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let form = try await get("/console/sign-in")
        let signedIn = try await post(
            "/console/sign-in", [("csrf", try form.field("csrf", of: "/console/sign-in")), ("name", name), ("key", key)])
        #expect(signedIn.status == 303, "sign-in of \(name): \(signedIn.status)", sourceLocation: sourceLocation)
    }

    /// Posts the form whose action is `action` on `page` with its hidden CSRF token and
    /// idempotency key, and `fields`.
    func submit(_ action: String, on page: Page, _ fields: [(String, String)]) async throws -> Page {
        let hidden = [
            ("csrf", try page.field("csrf", of: action)), ("idempotencyKey", try page.field("idempotencyKey", of: action)),
        ]
        return try await post(action, hidden + fields)
    }

    /// Posts the form whose action is `action` on `page` as `multipart/form-data`, as a browser
    /// posts a form with a file input: its hidden fields, `fields`, and the file `file` under
    /// `name`.
    func upload(
        _ action: String, on page: Page, _ fields: [(String, String)], file name: String, filename: String, bytes: [UInt8]
    ) async throws -> Page {
        let boundary = "----ConsoleWebBrowser\(UUID().uuidString)"
        let hidden = [
            ("csrf", try page.field("csrf", of: action)), ("idempotencyKey", try page.field("idempotencyKey", of: action)),
        ]
        var body: [UInt8] = []
        for (field, value) in hidden + fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n".utf8)
        body += Array("Content-Type: image/png\r\n\r\n".utf8) + bytes + Array("\r\n--\(boundary)--\r\n".utf8)
        return try await send(.POST, action, form: nil, body: (body, "multipart/form-data; boundary=\(boundary)"))
    }

    private func send(
        _ method: HTTPMethod, _ path: String, form: [(String, String)]?, body raw: ([UInt8], String)? = nil
    ) async throws -> Page {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        let cookie = jar.withLock { $0.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        if !cookie.isEmpty { request.headers.add(name: "Cookie", value: cookie) }
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
            request.body = .bytes(ByteBuffer(string: body))
        }
        if let (bytes, contentType) = raw {
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(ByteBuffer(bytes: bytes))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        for header in response.headers["Set-Cookie"] {
            let first = header.split(separator: ";").first ?? ""
            let parts = first.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            let deleted = header.contains("Max-Age=0")
            jar.withLock { $0[name] = deleted ? nil : String(parts[1]) }
        }
        let body = try await response.body.collect(upTo: 8 << 20)
        return Page(status: Int(response.status.code), location: response.headers.first(name: "Location"), html: String(buffer: body))
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
