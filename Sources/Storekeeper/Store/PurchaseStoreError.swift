/// Why a ``PurchaseStore`` refused an operation or could not read what it stored, with the same
/// ``Code`` on every backend (SQLite, PostgreSQL, memory). Database failures themselves are the
/// backend's own errors (`SQLError` in `StorekeeperSQL`).
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
        /// A write found the state other than the caller read it before its locks (SQL stores
        /// say so with `SQLError`'s serialization failure, which runs the write again).
        public static let changedSinceRead = Code(rawValue: "changedSinceRead")
    }

    public let code: Code
    /// What went wrong, naming tables and keys, never secrets or bodies.
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }

    /// Stored data the domain cannot represent.
    public static func corrupt(_ reason: String) -> Self { .init(.corruptData, reason) }
    /// An update of a record that does not exist.
    public static func notFound(_ reason: String) -> Self { .init(.notFound, reason) }
    /// A negative limit, refused rather than meaning "all" (SQLite) or failing (PostgreSQL).
    public static func checkLimit(_ limit: Int) throws(PurchaseStoreError) {
        guard limit >= 0 else { throw PurchaseStoreError(.invalidArgument, "limit \(limit) is negative") }
    }
}
