import Storekeeper
import Synchronization

/// The state one `read` or `write` body works on, with the SQL store's transaction rules
/// (`TransactionState`): each call is atomic; a call that fails as a statement would (a unique
/// violation, NUL in text, an overflow) aborts the transaction, so later calls and the commit
/// fail with ``PurchaseStoreError/Code/transactionAborted``; a handle used after its body
/// returned is refused with ``PurchaseStoreError/Code/transactionClosed``. Store-level refusals
/// (not found, corrupt data, changed since read) abort nothing, as in SQL, where they are raised
/// around the statements rather than by them.
final class MemoryStoreHandle: Sendable {
    private struct State {
        /// `nil` once closed.
        var tables: MemoryStoreState?
        var failure: PurchaseStoreError?
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
            guard var tables = state.tables else { throw Self.closed }
            if let failure = state.failure { throw Self.aborted(after: failure) }
            do {
                let result = try body(&tables)
                state.tables = tables
                return result
            } catch let error as PurchaseStoreError where Self.abortingCodes.contains(error.code) {
                state.failure = error
                throw error
            }
        }
    }

    /// Ends the handle: the tables as the body left them, or the failure that aborted it.
    func close() -> Result<MemoryStoreState, PurchaseStoreError> {
        state.withLock { state in
            defer { state.tables = nil }
            if let failure = state.failure { return .failure(Self.aborted(after: failure)) }
            guard let tables = state.tables else { return .failure(Self.closed) }
            return .success(tables)
        }
    }

    /// The failures a database raises from a statement, which abort its transaction.
    private static let abortingCodes: Set<PurchaseStoreError.Code> = [.uniqueViolation, .nulInText, .storageFailure]

    private static let closed = PurchaseStoreError(.transactionClosed, "the transaction was used after its body returned")

    private static func aborted(after cause: PurchaseStoreError) -> PurchaseStoreError {
        PurchaseStoreError(
            .transactionAborted, "an earlier statement of this transaction failed (\(cause.code)): \(cause.reason)", underlying: cause)
    }
}
