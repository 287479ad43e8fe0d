import Storekeeper
import StorekeeperSQL
import Synchronization

/// The state one `read` or `write` body works on, with the SQL store's transaction rules
/// (`TransactionState`): each call is atomic; a call that fails with an ``SQLError`` (a unique
/// violation, NUL in text) aborts the transaction, so later calls and the commit fail with
/// ``SQLError/Code/transactionAborted``; a handle used after its body returned is refused with
/// ``SQLError/Code/transactionClosed``. Store-level refusals (``PurchaseStoreError``) abort
/// nothing, as in SQL, where they are raised around the statements rather than by them.
final class MemoryStoreHandle: Sendable {
    private struct State {
        /// `nil` once closed.
        var tables: MemoryStoreState?
        var failure: SQLError?
    }

    private let state: Mutex<State>

    init(_ tables: MemoryStoreState) {
        self.state = Mutex(State(tables: tables))
    }

    func reading<T: Sendable>(_ body: (MemoryStoreState) throws -> T) throws -> T {
        try writing { tables in try body(tables) }
    }

    /// Runs `body` on a copy of the tables and keeps the copy only if `body` returns.
    func writing<T: Sendable>(_ body: (inout MemoryStoreState) throws -> T) throws -> T {
        try state.withLock { state throws -> T in
            guard var tables = state.tables else { throw SQLError.transactionClosed() }
            if let failure = state.failure { throw SQLError.transactionAborted(after: failure) }
            do {
                let result = try body(&tables)
                state.tables = tables
                return result
            } catch let error as SQLError {
                state.failure = error
                throw error
            }
        }
    }

    /// Ends the handle: the tables as the body left them, or the failure that aborted it.
    func close() -> Result<MemoryStoreState, SQLError> {
        state.withLock { state in
            defer { state.tables = nil }
            if let failure = state.failure { return .failure(SQLError.transactionAborted(after: failure)) }
            guard let tables = state.tables else { return .failure(SQLError.transactionClosed()) }
            return .success(tables)
        }
    }
}
