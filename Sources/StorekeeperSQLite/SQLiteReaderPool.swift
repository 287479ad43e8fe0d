import Synchronization

/// A fixed set of ``SQLiteReader``s lent out one read transaction at a time, first come first
/// served.
final class SQLiteReaderPool: Sendable {
    private struct State {
        var idle: [SQLiteReader]
        var waiting: [CheckedContinuation<SQLiteReader, Never>] = []
    }

    private let state: Mutex<State>
    let readers: [SQLiteReader]

    init(readers: [SQLiteReader]) {
        self.readers = readers
        self.state = Mutex(State(idle: readers))
    }

    /// Waits for an idle reader. Give it back with ``release(_:)``.
    func acquire() async -> SQLiteReader {
        await withCheckedContinuation { continuation in
            let reader: SQLiteReader? = state.withLock { state in
                if let reader = state.idle.popLast() { return reader }
                state.waiting.append(continuation)
                return nil
            }
            if let reader { continuation.resume(returning: reader) }
        }
    }

    func release(_ reader: SQLiteReader) {
        let next: CheckedContinuation<SQLiteReader, Never>? = state.withLock { state in
            if state.waiting.isEmpty {
                state.idle.append(reader)
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume(returning: reader)
    }
}
