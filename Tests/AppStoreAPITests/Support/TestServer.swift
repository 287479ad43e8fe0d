import Foundation
import Hummingbird
import Logging
import NIOCore
import StorekeeperTesting
import Synchronization

/// A request as the local test server received it.
struct RecordedRequest: Sendable {
    var method: String
    var path: String
    /// The query, in order, percent-decoded.
    var query: [(name: String, value: String)]
    /// The raw (still percent-encoded) query string.
    var rawQuery: String?
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// When the request arrived, on the test's fake clock.
    var receivedAt: Date

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}

/// The answer the test server gives.
struct CannedResponse: Sendable {
    var status: Int
    var body: [UInt8]
    var retryAfter: String?
    /// Real time to wait before answering (timeout tests).
    var delay: Duration?

    static func json(_ status: Int = 200, _ text: String, retryAfter: String? = nil, delay: Duration? = nil) -> CannedResponse {
        CannedResponse(status: status, body: Array(text.utf8), retryAfter: retryAfter, delay: delay)
    }

    static func encode<T: Encodable>(_ value: T, status: Int = 200) -> CannedResponse {
        CannedResponse(status: status, body: Array((try? JSONEncoder().encode(value)) ?? Data()), retryAfter: nil)
    }

    static func empty(_ status: Int) -> CannedResponse {
        CannedResponse(status: status, body: [], retryAfter: nil)
    }

    /// Apple's error body.
    static func appleError(_ status: Int, _ errorCode: Int64, _ message: String, retryAfter: String? = nil) -> CannedResponse {
        .json(status, #"{"errorCode":\#(errorCode),"errorMessage":"\#(message)"}"#, retryAfter: retryAfter)
    }
}

/// A real HTTP server on 127.0.0.1 (port chosen by the OS) that records every request and
/// answers with a handler the test supplies: it plays Apple's part.
final class TestServer: Sendable {
    typealias Handler = @Sendable (RecordedRequest, Int) async -> CannedResponse

    let port: Int
    private let storage: Box

    private init(port: Int, storage: Box) {
        self.port = port
        self.storage = storage
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far.
    var requests: [RecordedRequest] { storage.requests.withLock { $0 } }

    /// Runs `body` with a server started for it; the handler gets each request and its 0-based
    /// index. The server stops when `body` returns.
    static func with<T: Sendable>(
        clock: TestClock,
        handler: @escaping Handler,
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let storage = Box()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let bytes = try await request.body.collect(upTo: 16 * 1024 * 1024)
            let recorded = RecordedRequest(
                method: request.method.rawValue,
                path: request.uri.path,
                query: Self.parseQuery(request.uri.query),
                rawQuery: request.uri.query,
                headers: request.headers.map { (name: $0.name.canonicalName, value: $0.value) },
                body: Array(buffer: bytes),
                receivedAt: clock.now)
            let index = storage.requests.withLock { list in
                list.append(recorded)
                return list.count - 1
            }
            let canned = await handler(recorded, index)
            if let delay = canned.delay { try? await Task.sleep(for: delay) }
            var headers: HTTPFields = [.contentType: "application/json"]
            if let retryAfter = canned.retryAfter { headers[.retryAfter] = retryAfter }
            return Response(
                status: HTTPResponse.Status(code: canned.status), headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: canned.body)))
        }
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Logger(label: "test-server", factory: { _ in SwiftLogNoOpLogHandler() }))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var ports = portStream.makeAsyncIterator()
            guard let port = await ports.next(), port > 0 else {
                group.cancelAll()
                throw TestServerError.noPort
            }
            let server = TestServer(port: port, storage: storage)
            do {
                let result = try await body(server)
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }

    static func parseQuery(_ query: String?) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            return (name, value)
        }
    }

    fileprivate final class Box: Sendable {
        let requests = Mutex<[RecordedRequest]>([])
    }
}

enum TestServerError: Error { case noPort }
