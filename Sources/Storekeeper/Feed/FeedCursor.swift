/// A position in the event feed: after the event it names, in feed order.
///
/// Feed order is (`transaction`, `sequence`): the writing database transaction's id, then the
/// event's append sequence. Where writes commit one after another (SQLite, the memory store)
/// `transaction` is 0 and sequence order is commit order. On PostgreSQL sequences are drawn
/// before commit, so a later commit may carry a smaller sequence; the feed therefore orders by
/// transaction id first and only shows transactions older than every transaction still running
/// (`pg_snapshot_xmin`): whatever commits later has a transaction id at least that large, so it
/// can never land behind a cursor already handed out.
///
/// The text form (`1-<transaction>-<sequence>`) is durable: valid across restarts and on every
/// instance of one database.
public struct FeedCursor: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var transaction: Int64
    public var sequence: Int64

    public init(transaction: Int64, sequence: Int64) {
        self.transaction = transaction
        self.sequence = sequence
    }

    /// Before the first event.
    public static let start = FeedCursor(transaction: 0, sequence: 0)

    /// Parses the text form; `nil` when it is not one.
    public init?(token: String) {
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "1", let transaction = Int64(parts[1]), let sequence = Int64(parts[2]),
            transaction >= 0, sequence >= 0
        else { return nil }
        self.init(transaction: transaction, sequence: sequence)
    }

    public var description: String { "1-\(transaction)-\(sequence)" }

    public static func < (lhs: FeedCursor, rhs: FeedCursor) -> Bool {
        (lhs.transaction, lhs.sequence) < (rhs.transaction, rhs.sequence)
    }
}

/// A feed event at its position.
public struct FeedRecord: Hashable, Sendable {
    public var cursor: FeedCursor
    public var event: FeedEvent

    public init(cursor: FeedCursor, event: FeedEvent) {
        self.cursor = cursor
        self.event = event
    }
}
