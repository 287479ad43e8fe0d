import AppStoreModels
import AppStoreSimulator
import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A real OCSP responder on 127.0.0.1 (port chosen by the OS): the simulator's ``OCSPRoutes`` in
/// a small Hummingbird app. It counts the requests that reach it, and `mode` can make its HTTP
/// layer fail instead of answering.
final class OCSPTestServer: Sendable {
    enum Mode: Sendable {
        case answer
        /// Answers this HTTP status with an empty body.
        case failing(status: Int)
        /// Waits this long before answering.
        case slow(Duration)
        /// Sends the head and one byte of body, then stalls this long.
        case stalledBody(Duration)
    }

    struct State: Sendable {
        var responder = OCSPResponder(authorities: [])
        var mode = Mode.answer
        var requests = 0
    }

    final class Box: Sendable {
        let state = Mutex(State())
    }

    let port: Int
    private let box: Box

    private init(port: Int, box: Box) {
        self.port = port
        self.box = box
    }

    /// The responder URL certificates should name.
    var ocspURL: String { "http://127.0.0.1:\(port)/ocsp" }

    /// Requests received so far.
    var requestCount: Int { box.state.withLock { $0.requests } }

    func setMode(_ mode: Mode) { box.state.withLock { $0.mode = mode } }

    func updateResponder(_ body: (inout OCSPResponder) throws -> Void) throws {
        try box.state.withLock { try body(&$0.responder) }
    }

    /// Runs `body` with a server started for it, answering at `clock`'s time; the server stops
    /// when `body` returns.
    static func with<T: Sendable>(
        clock: any WallClock, _ body: (OCSPTestServer) async throws -> T
    ) async throws -> T {
        let box = Box()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: CountingMiddleware(box: box))
        OCSPRoutes(responder: { box.state.withLock { $0.responder } }, clock: clock).register(on: router)
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Logger(label: "ocsp-test-server", factory: { _ in SwiftLogNoOpLogHandler() }))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var ports = portStream.makeAsyncIterator()
            guard let port = await ports.next(), port > 0 else {
                group.cancelAll()
                throw OCSPTestServerError.noPort
            }
            do {
                let result = try await body(OCSPTestServer(port: port, box: box))
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }

    private struct CountingMiddleware: RouterMiddleware {
        typealias Context = BasicRequestContext
        let box: Box

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let mode = box.state.withLock { state in
                state.requests += 1
                return state.mode
            }
            switch mode {
            case .answer:
                return try await next(request, context)
            case .failing(let status):
                return Response(status: HTTPResponse.Status(code: status))
            case .slow(let delay):
                try await Task.sleep(for: delay)
                return try await next(request, context)
            case .stalledBody(let delay):
                return Response(
                    status: .ok, headers: [.contentType: "application/ocsp-response"],
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(bytes: [0x30]))
                        try await Task.sleep(for: delay)
                        try await writer.finish(nil)
                    })
            }
        }
    }
}

enum OCSPTestServerError: Error { case noPort }
