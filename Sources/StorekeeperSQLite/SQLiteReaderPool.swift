import AsyncWaiting
import StorekeeperSQL

/// A fixed set of ``SQLiteReader``s lent out one read transaction at a time, first come first
/// served.
///
/// A read waiting for a reader stops waiting when its task is cancelled: it fails with
/// ``SQLError/Code/connectionFailure``, as a PostgreSQL read cancelled while it waits for a pooled
/// connection does. A reader given back goes to the longest-waiting read.
final class SQLiteReaderPool: Sendable {
    /// The reads waiting for a reader; the state is the idle readers.
    private let idle: WaitQueue<[SQLiteReader], SQLiteReader>
    let readers: [SQLiteReader]

    init(readers: [SQLiteReader]) {
        self.readers = readers
        self.idle = WaitQueue(readers)
    }

    /// Waits for an idle reader. Give it back with ``release(_:)``. Throws
    /// ``SQLError/Code/connectionFailure`` when the task is cancelled while it waits (or before, when no
    /// reader is idle).
    func acquire() async throws(SQLError) -> SQLiteReader {
        do {
            return try await idle.wait { readers in readers.popLast() }
        } catch {
            throw SQLError(.connectionFailure, "the read was cancelled while it waited for a free SQLite reader")
        }
    }

    func release(_ reader: SQLiteReader) {
        idle.resumeFirst(with: reader) { readers in readers.append(reader) }
    }
}
