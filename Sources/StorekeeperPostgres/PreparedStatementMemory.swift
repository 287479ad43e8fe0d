import PostgresNIO
import Synchronization

/// Which prepared statements have run on which of a pool's connections.
///
/// PostgresNIO remembers a failed preparation for the life of the connection and fails every
/// later execution of that statement there with the same error, even when the cause was passing
/// (a lock or statement timeout, an aborted transaction). A statement failing on its first use on
/// a connection may be such a failure, so that connection is closed after the transaction rather
/// than handed out again; a statement that has run on a connection before was prepared there.
final class PreparedStatementMemory: Sendable {
    /// Connections remembered at most; the oldest (lowest IDs, opened first) are forgotten first.
    /// Forgetting a live connection costs at most one needless reconnection.
    static let connectionLimit = 256

    private let ran = Mutex([PostgresConnection.ID: Set<Int>]())

    /// Whether statement `index` has run on `connection` before.
    func hasRun(_ index: Int, on connection: PostgresConnection.ID) -> Bool {
        ran.withLock { $0[connection]?.contains(index) ?? false }
    }

    /// Records that statement `index` ran on `connection`.
    func recordRun(_ index: Int, on connection: PostgresConnection.ID) {
        ran.withLock { ran in
            ran[connection, default: []].insert(index)
            if ran.count > Self.connectionLimit, let oldest = ran.keys.min() {
                ran[oldest] = nil
            }
        }
    }
}
