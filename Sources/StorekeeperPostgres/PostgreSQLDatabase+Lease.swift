import PostgresNIO
import StorekeeperSQL

extension PostgreSQLDatabase {
    /// Lends a pooled connection to `body`, or throws ``SQLError/Code/connectionFailure`` when no
    /// connection becomes available within ``leaseTimeout``.
    ///
    /// `PostgresClient` keeps a lease request waiting, with no deadline, while it retries an
    /// unreachable server; a webhook must not hang that long. A child task holds the lease (and
    /// gives the pool's request up on timeout) while `body` runs on the caller's isolation; the
    /// connection goes back to the pool when `body` returns.
    nonisolated(nonsending) func withLeasedConnection<R>(
        _ body: nonisolated(nonsending) (PostgresConnection) async -> R
    ) async throws -> R {
        let (leases, leaseContinuation) = AsyncThrowingStream.makeStream(of: PostgresConnection.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Never.self)
        let timeout = leaseTimeout
        var outcome: Result<R, any Error>?
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await client.withConnection { connection in
                        leaseContinuation.yield(connection)
                        for await _ in release {}  // hold the lease until `body` is done
                    }
                } catch {
                    leaseContinuation.finish(throwing: SQLError(postgres: error))
                }
            }
            group.addTask {
                // Cancelled (and so returning early) once the transaction is over.
                try? await Task.sleep(for: timeout)
                leaseContinuation.finish(
                    throwing: SQLError(.connectionFailure, "no PostgreSQL connection became available within \(timeout)"))
            }
            var iterator = leases.makeAsyncIterator()
            do {
                guard let connection = try await iterator.next() else {
                    throw SQLError(.connectionFailure, "no PostgreSQL connection was leased")
                }
                outcome = .success(await body(connection))
            } catch {
                outcome = .failure(error)
            }
            releaseContinuation.finish()
            group.cancelAll()
        }
        guard let outcome else { throw SQLError(.connectionFailure, "no PostgreSQL connection was leased") }
        return try outcome.get()
    }
}
