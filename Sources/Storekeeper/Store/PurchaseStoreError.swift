/// Why a ``PurchaseStore`` refused an operation, could not read what it stored, or could not
/// reach its database, with the same ``Code`` on every backend (SQLite, PostgreSQL, memory): the
/// one error vocabulary of the store. A backend translates its own failures at its boundary
/// (the SQL stores their `SQLError`s) and keeps them in ``underlying`` for logs.
public struct PurchaseStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable code.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A stored row holds a value the domain cannot represent (an invalid customer ID, an
        /// unknown closed-enum value, malformed JSON). Nothing was changed.
        public static let corruptData = Code(rawValue: "corruptData")
        /// An update named a record that does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// A journal entry that does not balance, mixes currencies or has fewer than two postings.
        public static let invalidJournalEntry = Code(rawValue: "invalidJournalEntry")
        /// An argument out of range (a negative limit, a non-positive lease).
        public static let invalidArgument = Code(rawValue: "invalidArgument")
        /// A write found the state other than the caller read it before its locks, or a
        /// concurrent transaction changed what this one read (a serialization failure, a
        /// deadlock). Retryable: `write` runs its body again, which reads the new state first.
        public static let changedSinceRead = Code(rawValue: "changedSinceRead")
        /// The database was locked by someone else for too long. Retryable.
        public static let busy = Code(rawValue: "busy")
        /// A record with the same unique key is stored already (a concurrent request under the
        /// same key committed first, a name taken). Not retryable: the same write clashes again.
        public static let uniqueViolation = Code(rawValue: "uniqueViolation")
        /// Text holding U+0000 (NUL), which PostgreSQL's `TEXT` cannot hold: refused on every
        /// backend before anything is stored. Not retryable: the same value fails again.
        public static let nulInText = Code(rawValue: "nulInText")
        /// The database could not be reached, opened, or the connection broke (during a commit,
        /// the outcome of the transaction is unknown).
        public static let unavailable = Code(rawValue: "unavailable")
        /// An earlier call of this transaction failed; it can only be rolled back.
        public static let transactionAborted = Code(rawValue: "transactionAborted")
        /// The transaction handle was used after its `read` or `write` body returned.
        public static let transactionClosed = Code(rawValue: "transactionClosed")
        /// `write` was called inside a `write` body of the same store. Pass the transaction down.
        public static let nestedTransaction = Code(rawValue: "nestedTransaction")
        /// Any other failure of the database; ``PurchaseStoreError/underlying`` says which.
        public static let storageFailure = Code(rawValue: "storageFailure")
    }

    public let code: Code
    /// What went wrong, naming tables and keys, never secrets or bodies.
    public let reason: String
    /// The backend's own error this one translates, for logs (never shown to clients).
    public let underlying: (any Error)?

    public init(_ code: Code, _ reason: String, underlying: (any Error)? = nil) {
        self.code = code
        self.reason = reason
        self.underlying = underlying
    }

    /// Equal when code and reason are: the underlying error is for logs.
    public static func == (lhs: PurchaseStoreError, rhs: PurchaseStoreError) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(reason)
    }

    public var description: String { "\(code.rawValue): \(reason)" }

    /// Whether running the whole transaction again may succeed (the state changed since it was
    /// read, the database was busy); `write` retries these a bounded number of times.
    public var isRetryable: Bool { code == .changedSinceRead || code == .busy }

    /// Stored data the domain cannot represent.
    public static func corrupt(_ reason: String) -> Self { .init(.corruptData, reason) }
    /// An update of a record that does not exist.
    public static func notFound(_ reason: String) -> Self { .init(.notFound, reason) }
    /// A write that found the state other than it was read (before the write's locks): the
    /// store runs the write again, which reads the new state first.
    public static func changedSinceRead(_ what: String) -> Self { .init(.changedSinceRead, "\(what); run the write again") }
    /// A record whose unique key is taken.
    public static func uniqueViolation(_ reason: String) -> Self { .init(.uniqueViolation, reason) }
    /// A negative limit, refused rather than meaning "all" (SQLite) or failing (PostgreSQL).
    public static func checkLimit(_ limit: Int) throws(PurchaseStoreError) {
        guard limit >= 0 else { throw PurchaseStoreError(.invalidArgument, "limit \(limit) is negative") }
    }
}
