import PostgresNIO
import StorekeeperSQL

extension PostgreSQLDatabase {
    /// Lends a pooled connection to `body`, or throws ``SQLError/Code/connectionFailure`` when no
    /// connection becomes available within ``leaseTimeout``.
    ///
    /// `PostgresClient` keeps a lease request waiting, with no deadline, while it retries an
    /// unreachable server; a webhook must not hang that long. So a child task holds the lease
    /// (its request is cancelled when the deadline passes, see ``LeaseDeadlines``, or with the
    /// calling task) and hands the connection over to `body`, which runs on the caller's
    /// isolation; the child gives the connection back to the pool only once `body` has returned,
    /// whatever gets cancelled meanwhile (see ``ConnectionHandOff``).
    nonisolated(nonsending) func withLeasedConnection<R>(
        _ body: nonisolated(nonsending) (PostgresConnection) async -> R
    ) async throws -> R {
        let handOff = ConnectionHandOff()
        let timeout = leaseTimeout
        var outcome: Result<R, any Error>?
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // The deadline counts from the request to the pool, as the wait it bounds does.
                let deadline = leaseDeadlines.add(.now + timeout) {
                    handOff.fail(SQLError(.connectionFailure, "no PostgreSQL connection became available within \(timeout)"))
                }
                do {
                    try await client.withConnection { connection in
                        leaseDeadlines.withdraw(deadline)
                        await handOff.lend(connection)
                    }
                } catch {
                    leaseDeadlines.withdraw(deadline)
                    // Cancelled: with the calling task, or after the deadline failed the hand-off.
                    handOff.fail(
                        Task.isCancelled
                            ? SQLError(.connectionFailure, "cancelled while waiting for a PostgreSQL connection")
                            : SQLError(postgres: error))
                }
            }
            do {
                let connection = try await handOff.connection()
                outcome = .success(await body(connection))
            } catch {
                outcome = .failure(error)
            }
            handOff.giveBack()
            // Withdraws a lease request still waiting (the deadline passed).
            group.cancelAll()
        }
        guard let outcome else { throw SQLError(.connectionFailure, "no PostgreSQL connection was leased") }
        return try outcome.get()
    }
}
