import AsyncHTTPClient
import Foundation
import Glibc
import NIOCore
import NIOPosix
import Testing

@testable import storekeeper

/// The admin commands against a server that is down: a refused connection is reported as
/// `unreachable` with a clear reason in a few seconds (it took a minute and a half), while a
/// server that comes up within the short reconnect window is still reached.
@Suite struct AdminClientConnectTests {
    /// A loopback port held by a socket that is bound but does not listen, for as long as the
    /// value lives: a connection to it is refused, and no other server of the suite can take it
    /// meanwhile (a port bound and closed again could be handed to one, which then answers).
    /// `SO_REUSEPORT` lets this test's own server bind it too.
    final class ReservedPort: Sendable {
        let port: Int
        private let descriptor: Int32

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
                }
            }
            guard bound else {
                close(descriptor)
                throw POSIXError(.EADDRINUSE)
            }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }

    /// `body`'s result, or `nil` when it has not finished within `seconds` (only a hang takes
    /// that long).
    static func within<T: Sendable>(
        _ seconds: Int, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T? {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test func aServerThatIsDownIsReportedUnreachableInAFewSeconds() async throws {
        let reserved = try ReservedPort()
        let client = AdminClient(baseURL: "http://127.0.0.1:\(reserved.port)", key: "ok_test")
        let outcome = try await Self.within(30) { () -> AdminClient.Failure? in
            do {
                _ = try await client.get("/v1/admin/me")
                return nil
            } catch let failure as AdminClient.Failure {
                return failure
            }
        }
        let failure = try #require(outcome, "no answer within 30 s: the connection is retried until the request's deadline")
        let refused = try #require(failure)
        #expect(refused.code == "unreachable")
        #expect(refused.status == 0)
        #expect(refused.description.contains("connection refused"), "\(refused.description)")
        withExtendedLifetime(reserved) {}
    }

    @Test func theAdminClientConnectsBrieflyAndLeavesRetryingToItself() {
        let configuration = AdminTransport.configuration
        #expect(!configuration.connectionPool.retryConnectionEstablishment)
        #expect(configuration.timeout.connect == AdminTransport.connectTimeout)
        #expect(AdminTransport.connectTimeout <= .seconds(5))
        #expect(AdminTransport.reconnectDelays.reduce(Duration.zero, +) < .seconds(2))
    }

    /// Answers every request with `{}`; the client closes the connection (`Connection: close`).
    final class OKResponder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response)), promise: nil)
        }
    }

    @Test func aServerComingUpWithinTheReconnectWindowIsReached() async throws {
        let reserved = try ReservedPort()
        let port = reserved.port
        let client = AdminClient(baseURL: "http://127.0.0.1:\(port)", key: "ok_test")
        async let answer = client.get("/v1/admin/me")
        try await Task.sleep(for: .milliseconds(100))
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(NIOBSDSocket.Option(rawValue: SO_REUSEPORT)), value: 1)
            .childChannelInitializer { channel in channel.pipeline.addHandler(OKResponder()) }
            .bind(host: "127.0.0.1", port: port).get()
        defer { server.close(promise: nil) }
        #expect(String(decoding: try await answer, as: UTF8.self) == "{}")
        withExtendedLifetime(reserved) {}
    }
}
