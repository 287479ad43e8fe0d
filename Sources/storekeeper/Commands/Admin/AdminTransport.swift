import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// How the admin commands reach the server. `HTTPClient.shared` waits up to 90 s for a
/// connection and keeps retrying a refused one until the request's deadline, so a server that
/// is down was reported only after a minute and a half. Here one attempt to connect gets
/// ``connectTimeout``, and ``AdminClient`` tries again only after the short
/// ``reconnectDelays`` (a server being restarted comes back in that time), then says it could not
/// connect — a few seconds in all. Nothing is sent before a connection exists, so trying again
/// is safe for every request. Once connected, a request keeps its long deadline: a backfill may
/// take a while.
enum AdminTransport {
    /// How long one attempt to connect may take.
    static let connectTimeout: TimeAmount = .seconds(2)

    /// The waits before the second and third attempt to connect.
    static let reconnectDelays: [Duration] = [.milliseconds(250), .milliseconds(750)]

    /// The client of every admin command: the shared client's settings, with the connection
    /// timeout above and the connection pool's own retrying off.
    static let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)

    static var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout.connect = connectTimeout
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// Whether `error` says no connection was made (so nothing was sent).
    static func isConnectFailure(_ error: any Error) -> Bool {
        if error is NIOConnectionError { return true }
        if let error = error as? HTTPClientError { return error == .connectTimeout }
        if let error = error as? ChannelError, case .connectTimeout = error { return true }
        if let error = error as? IOError { return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode) }
        return false
    }

    /// Why no connection was made, in a few words.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            error.connectionErrors.first.map { reason($0.error) } ?? "\(error)"
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            "connection refused (is the server running, and is --server or STOREKEEPER_URL right?)"
        case let error as HTTPClientError where error == .connectTimeout:
            "no connection within \(connectTimeout.nanoseconds / 1_000_000_000) s"
        default:
            "\(error)"
        }
    }
}
