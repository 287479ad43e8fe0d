import AsyncHTTPClient
import Foundation
import StorekeeperLocal

/// An HTTP client pool wide enough for `connections` requests truly in flight at once (the
/// shared client keeps only a few connections per host), shut down after `body`.
enum ConcurrentClients {
    static func with<T: Sendable>(
        connections: Int, _ body: @Sendable (HTTPClient) async throws -> T
    ) async throws -> T {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connections
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await body(client)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
