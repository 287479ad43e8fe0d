import AsyncHTTPClient
import Foundation
import StorekeeperLocal

extension E2EStack {
    /// Sends `count` copies of one admin action at once, over `count` connections (a client
    /// retrying while its first request still runs): each answer's status and `replayed`.
    func race(
        _ count: Int, credential: String, _ path: String, body: @escaping @Sendable () -> [String: Any]
    ) async throws -> [(status: Int, replayed: Bool?)] {
        try await ConcurrentClients.with(connections: count) { http in
            let client = StorekeeperClient(
                baseURL: stack.storekeeperURL + adminPrefix, credential: credential, client: http, timeout: .minutes(2))
            return try await withThrowingTaskGroup(of: (status: Int, replayed: Bool?).self) { group in
                for _ in 0..<count {
                    group.addTask {
                        let response = try await client.post(path, body())
                        return (response.status, response.json["replayed"] as? Bool)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
    }
}
