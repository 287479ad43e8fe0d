import PostgresNIO
import StorekeeperSQL
import Synchronization

/// Passes one leased connection from the task holding the lease to the transaction, and the end of
/// the transaction back.
///
/// Built on continuations, not streams, because continuations ignore task cancellation: the
/// lender keeps the lease until ``giveBack()`` even when its task is cancelled, so the pool never
/// lends a connection out again while a transaction still uses it.
final class ConnectionHandOff: Sendable {
    private enum State {
        /// Neither side has arrived.
        case idle
        /// The transaction waits for a connection.
        case borrowerWaiting(CheckedContinuation<PostgresConnection, any Error>)
        /// A connection was leased before the transaction asked for it.
        case lenderWaiting(PostgresConnection, CheckedContinuation<Void, Never>)
        /// The transaction uses the connection; the lender waits for it back.
        case lent(CheckedContinuation<Void, Never>)
        /// No connection came (timeout, pool error); a connection leased later goes straight back.
        case failed(any Error)
        /// The transaction is over; a connection leased later goes straight back.
        case returned
    }

    private let state = Mutex(State.idle)

    /// The transaction's side: waits for the connection or the failure to get one.
    func connection() async throws -> PostgresConnection {
        try await withCheckedThrowingContinuation { borrower in
            let resume: () -> Void = state.withLock { state in
                switch state {
                case .idle:
                    state = .borrowerWaiting(borrower)
                    return {}
                case .lenderWaiting(let connection, let lender):
                    state = .lent(lender)
                    return { borrower.resume(returning: connection) }
                case .failed(let error):
                    return { borrower.resume(throwing: error) }
                case .borrowerWaiting, .lent, .returned:
                    return { borrower.resume(throwing: SQLError(.connectionFailure, "the connection was already handed out")) }
                }
            }
            resume()
        }
    }

    /// The lender's side: hands `connection` over and returns once the transaction gave it back
    /// (at once if the transaction no longer wants it).
    func lend(_ connection: PostgresConnection) async {
        await withCheckedContinuation { lender in
            let resume: () -> Void = state.withLock { state in
                switch state {
                case .idle:
                    state = .lenderWaiting(connection, lender)
                    return {}
                case .borrowerWaiting(let borrower):
                    state = .lent(lender)
                    return { borrower.resume(returning: connection) }
                case .failed, .returned, .lenderWaiting, .lent:
                    return { lender.resume() }
                }
            }
            resume()
        }
    }

    /// No connection can come. Ignored once a connection was leased.
    func fail(_ error: any Error) {
        let resume: () -> Void = state.withLock { state in
            switch state {
            case .idle:
                state = .failed(error)
                return {}
            case .borrowerWaiting(let borrower):
                state = .failed(error)
                return { borrower.resume(throwing: error) }
            case .lenderWaiting, .lent, .failed, .returned:
                return {}
            }
        }
        resume()
    }

    /// The transaction is over: the lender may return the connection to the pool. A borrower
    /// still waiting (it asked from another task and the transaction ended without it) is told no
    /// connection will come, so no side of the hand-off is ever left suspended.
    func giveBack() {
        let resume: () -> Void = state.withLock { state in
            defer { state = .returned }
            switch state {
            case .lent(let lender), .lenderWaiting(_, let lender):
                return { lender.resume() }
            case .borrowerWaiting(let borrower):
                return {
                    borrower.resume(throwing: SQLError(.connectionFailure, "the transaction ended before a connection was handed over"))
                }
            case .idle, .failed, .returned:
                return {}
            }
        }
        resume()
    }
}
