import Synchronization

/// The life of one transaction handle, shared by the backends: it refuses statements once the
/// body has returned, and aborts the transaction after its first failed statement, so both
/// backends behave the way PostgreSQL does natively.
package final class TransactionState: Sendable {
    private struct State {
        var closed = false
        var failure: SQLError?
        var inFlight = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Runs one statement of the transaction; the first error it throws aborts the transaction.
    package func statement<T>(_ operation: () async throws -> T) async throws -> T {
        try enter()
        defer { state.withLock { $0.inFlight -= 1 } }
        do {
            return try await operation()
        } catch {
            let failure = error as? SQLError ?? SQLError(.databaseError, "\(error)", underlying: error)
            state.withLock { if $0.failure == nil { $0.failure = failure } }
            throw error
        }
    }

    /// Whether a statement of the transaction is running now.
    package var hasStatementsInFlight: Bool { state.withLock { $0.inFlight > 0 } }

    /// How a transaction must end after its body ran.
    package enum Ending<T> {
        /// The body returned and every statement succeeded.
        case commit(T)
        /// The body threw (its error), a statement failed (``SQLError/Code/transactionAborted``),
        /// or the body returned while statements still ran (``SQLError/Code/transactionClosed``).
        case rollBack(any Error, statementsInFlight: Bool)
    }

    /// Runs the transaction's body, then closes the handle and decides how the transaction ends.
    package nonisolated(nonsending) func run<T>(_ body: nonisolated(nonsending) () async throws -> T) async -> Ending<T> {
        let value: T
        do {
            value = try await body()
        } catch {
            return .rollBack(error, statementsInFlight: close().statementsInFlight)
        }
        let (failure, statementsInFlight) = close()
        if let failure {
            return .rollBack(SQLError.transactionAborted(after: failure), statementsInFlight: statementsInFlight)
        }
        if statementsInFlight {
            let error = SQLError(.transactionClosed, "the body returned while its statements were still running")
            return .rollBack(error, statementsInFlight: true)
        }
        return .commit(value)
    }

    /// Closes the handle: later statements throw ``SQLError/Code/transactionClosed``.
    /// Returns the statement failure that aborted the transaction, if any, and whether statements
    /// were still running (a body that returned without awaiting them).
    private func close() -> (failure: SQLError?, statementsInFlight: Bool) {
        state.withLock { state in
            state.closed = true
            return (state.failure, state.inFlight > 0)
        }
    }

    private func enter() throws(SQLError) {
        let failure: SQLError? = try state.withLock { (state) throws(SQLError) -> SQLError? in
            if state.closed { throw SQLError.transactionClosed() }
            if let failure = state.failure { return failure }
            state.inFlight += 1
            return nil
        }
        if let failure { throw SQLError.transactionAborted(after: failure) }
    }
}
