import AppStoreModels
import AppStoreVerification
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization

/// A mutex-guarded value for test doubles.
final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T {
        mutex.withLock { body(&$0) }
    }
}

/// A real HTTP endpoint (a tiny Hummingbird app on an ephemeral port) that records every
/// notification POSTed to it and answers statuses from a script (200 once the script is used up).
final class NotificationReceiver: Sendable {
    private let state = LockedBox<(bodies: [[UInt8]], script: [HTTPResponse.Status])>(([], []))

    /// Answers the next requests with these statuses, in order.
    func script(_ statuses: [HTTPResponse.Status]) {
        state.withLock { $0.script = statuses }
    }

    var bodies: [[UInt8]] { state.withLock { $0.bodies } }

    /// Every received V2 notification, verified under the simulator's root.
    func notifications() throws -> [VerifiedNotification] {
        let verifier = try Fixtures.verifier()
        return try bodies.map { try verifier.verifyNotificationBody($0) }
    }

    /// `TYPE/SUBTYPE` of every received V2 notification, in arrival order.
    func labels() throws -> [String] {
        try notifications().map { Fixtures.label($0.payload) }
    }

    private func receive(_ request: Request) async -> Response {
        var request = request
        let body = (try? await request.collectBody(upTo: 4 << 20)).map { Array($0.readableBytesView) } ?? []
        let status = state.withLock { state -> HTTPResponse.Status in
            state.bodies.append(body)
            return state.script.isEmpty ? .ok : state.script.removeFirst()
        }
        return Response(status: status)
    }

    /// Runs `body` with a live receiver; the URL ends in `/notifications`.
    static func run(_ body: @Sendable (NotificationReceiver, String) async throws -> Void) async throws {
        let receiver = NotificationReceiver()
        let router = Router()
        router.post("notifications") { request, _ in await receiver.receive(request) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            guard let port = client.port else { throw ReceiverError.noPort }
            try await body(receiver, "http://127.0.0.1:\(port)/notifications")
        }
    }

    enum ReceiverError: Error { case noPort }
}
