import Foundation
import PostgresNIO
import StorekeeperSQL
import Synchronization

/// The statements this process runs as named prepared statements, each parsed and planned once
/// per connection instead of on every execution (PostgreSQL's planning alone was about 40% of
/// its time per webhook).
///
/// Each distinct statement (its SQL and the kinds of its parameters) gets a number on first use,
/// and with it two names: `storekeeper_q<number>` run as a query (rows read) and
/// `storekeeper_c<number>` run as a command (rows changed counted). A number is never reused for
/// the life of the process, so a name always means the same SQL on every connection.
///
/// PostgresNIO prepares only statements declared as a type (`PostgresPreparedStatement`, whose
/// name and SQL are `static`), and Storekeeper's statements are strings. So there is one type
/// per kind, ``NamedQuery`` and ``NamedCommand``, whose static name and SQL are those of the
/// statement the current task is sending (``sending``, a task-local bound around the call).
/// PostgresNIO's `execute` reads both synchronously, in the calling task, before it writes the
/// statement (and again only to describe an error, still inside that call), and keys the
/// connection's prepared statements by name; `PostgresDatabaseTests` pins that distinct
/// statements sent at once from many tasks each get their own.
///
/// At most ``capacity`` statements get a number (a bound on memory should code ever build SQL
/// text from values); any beyond run unprepared. Storekeeper's own statements number about a
/// hundred.
enum PreparedStatements {
    static let capacity = 4096

    /// A prepared statement: its number, its SQL as a query, and as a command when it can be one.
    struct Entry: Sendable {
        let index: Int
        let sql: String
        /// ``sql`` returning a row per row it changes; nil when it cannot run as a command. See
        /// ``countingCommand(_:)``.
        let commandSQL: String?

        /// Whether ``NamedCommand`` can count the rows it changes.
        var countsChanges: Bool { commandSQL != nil }
        var queryName: String { "storekeeper_q\(index)" }
        var commandName: String { "storekeeper_c\(index)" }
    }

    /// The statement the current task is sending through ``NamedQuery`` or ``NamedCommand``.
    @TaskLocal static var sending: Entry?

    /// ``sending``, which the statement types read only inside PostgresNIO's `execute`, where it
    /// is always bound.
    static var current: Entry {
        guard let entry = sending else {
            preconditionFailure("a prepared statement type was read outside PreparedStatements.$sending.withValue")
        }
        return entry
    }

    private struct Key: Hashable {
        let sql: String
        /// The kinds of the parameters, one byte each: a prepared statement's parameter types
        /// are fixed when it is parsed, so `NULL` and a number in the same place are two entries.
        let kinds: [UInt8]
    }

    private static let registry = Mutex([Key: Entry]())

    /// The entry for `sql` run with `binds`, made on first use; nil when ``capacity`` is reached.
    /// `command` makes its ``Entry/commandSQL`` (by default ``countingCommand(_:)`` of `sql`).
    static func entry(for sql: String, _ binds: [SQLValue], command: (() -> String?)? = nil) -> Entry? {
        let key = Key(sql: sql, kinds: binds.map(\.parameterKind))
        return registry.withLock { entries in
            if let entry = entries[key] { return entry }
            let index = entries.count
            guard index < capacity else { return nil }
            let entry = Entry(index: index, sql: sql, commandSQL: command.map { $0() } ?? countingCommand(sql))
            entries[key] = entry
            return entry
        }
    }

    /// `sql` returning one row per row it changes, so the rows changed can be counted: an
    /// `INSERT`, `UPDATE` or `DELETE` without `RETURNING` (nor a comment that could hide the
    /// clause) gets `RETURNING 1`. Nil for any other statement.
    ///
    /// PostgresNIO reports the command tag (`UPDATE 2`) of an unprepared statement, but of a
    /// prepared one only through a call that traps unless the rows were read first, and no rows
    /// can be read before it.
    static func countingCommand(_ sql: String) -> String? {
        let verb: String = sql.drop(while: \.isWhitespace).prefix(while: \.isLetter).uppercased()
        guard ["INSERT", "UPDATE", "DELETE"].contains(verb), !sql.contains("--"), !sql.contains("/*"),
            sql.range(of: "RETURNING", options: .caseInsensitive) == nil
        else { return nil }
        var body = Substring(sql)
        while let last = body.last, last.isWhitespace || last == ";" { body = body.dropLast() }
        return body + " RETURNING 1"
    }
}

extension SQLValue {
    fileprivate var parameterKind: UInt8 {
        switch self {
        case .null: 0
        case .integer: 1
        case .real: 2
        case .text: 3
        case .blob: 4
        }
    }
}

/// The prepared statement being sent (``PreparedStatements/sending``), its rows read.
struct NamedQuery: PostgresPreparedStatement {
    typealias Row = PostgresRow
    static var name: String { PreparedStatements.current.queryName }
    static var sql: String { PreparedStatements.current.sql }
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// The prepared `INSERT`, `UPDATE` or `DELETE` being sent (``PreparedStatements/sending``), run
/// for the number of rows it changes; see ``PreparedStatements/countingCommand(_:)``.
struct NamedCommand: PostgresPreparedStatement {
    typealias Row = Void
    static var name: String { PreparedStatements.current.commandName }
    static var sql: String { PreparedStatements.current.commandSQL ?? PreparedStatements.current.sql }
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) {}
}
