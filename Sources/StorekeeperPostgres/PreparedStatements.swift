import Foundation
import PostgresNIO
import StorekeeperSQL
import Synchronization

/// The statements this process runs as named prepared statements, each parsed and planned once
/// per connection instead of on every execution (PostgreSQL's planning alone was about 40% of
/// its time per webhook).
///
/// PostgresNIO prepares a statement per connection on first use, but only one declared as a type
/// (`PostgresPreparedStatement`, with its SQL and name static). Storekeeper's statements are
/// strings, so each distinct statement (its SQL and the kinds of its parameters) gets a slot
/// number here, and the slot number becomes a type: ``Slot`` spells it in three hexadecimal
/// digit types, and the statement types read their SQL back from the slot. A statement's types
/// are the same for the life of the process; the slots are never reused.
///
/// At most ``capacity`` statements get a slot; any beyond run unprepared. Storekeeper's own
/// statements number about a hundred.
enum PreparedStatements {
    static let capacity = 4096

    /// A prepared statement: its number, its slot type, and whether it can run as a command.
    struct Entry: Sendable {
        let index: Int
        let slot: any StatementSlot.Type
        /// Whether ``NamedCommand`` can count the rows it changes; see ``countingCommand(_:)``.
        let countsChanges: Bool
    }

    private struct Statement {
        let sql: String
        let countingCommand: String?
    }

    private struct Key: Hashable {
        let sql: String
        /// The kinds of the parameters, one byte each: a prepared statement's parameter types
        /// are fixed when it is parsed, so `NULL` and a number in the same place are two entries.
        let kinds: [UInt8]
    }

    private struct Registry {
        var entries: [Key: Entry] = [:]
        var statements: [Statement] = []
    }

    private static let registry = Mutex(Registry())

    /// The entry for `sql` run with `binds`, made on first use; nil when the slots are full.
    static func entry(for sql: String, _ binds: [SQLValue]) -> Entry? {
        let key = Key(sql: sql, kinds: binds.map(\.parameterKind))
        return registry.withLock { registry in
            if let entry = registry.entries[key] { return entry }
            let index = registry.statements.count
            guard index < capacity else { return nil }
            let statement = Statement(sql: sql, countingCommand: countingCommand(sql))
            let entry = Entry(index: index, slot: slotType(index), countsChanges: statement.countingCommand != nil)
            registry.statements.append(statement)
            registry.entries[key] = entry
            return entry
        }
    }

    /// The SQL of slot `index`.
    static func sql(_ index: Int) -> String {
        registry.withLock { $0.statements[index].sql }
    }

    /// The SQL of slot `index` as a ``NamedCommand``.
    static func commandSQL(_ index: Int) -> String {
        registry.withLock { $0.statements[index].countingCommand ?? $0.statements[index].sql }
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

    private static func slotType(_ index: Int) -> any StatementSlot.Type {
        slot(digit(index >> 8), digit(index >> 4), digit(index))
    }

    /// The type of the hexadecimal digit `value & 15`.
    private static func digit(_ value: Int) -> any HexDigit.Type {
        switch value & 15 {
        case 0: H0.self
        case 1: H1.self
        case 2: H2.self
        case 3: H3.self
        case 4: H4.self
        case 5: H5.self
        case 6: H6.self
        case 7: H7.self
        case 8: H8.self
        case 9: H9.self
        case 10: HA.self
        case 11: HB.self
        case 12: HC.self
        case 13: HD.self
        case 14: HE.self
        default: HF.self
        }
    }

    private static func slot<A: HexDigit, B: HexDigit, C: HexDigit>(_: A.Type, _: B.Type, _: C.Type) -> any StatementSlot.Type {
        Slot<A, B, C>.self
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

/// A slot number as a type.
protocol StatementSlot: Sendable {
    static var index: Int { get }
}

protocol HexDigit: Sendable {
    static var value: Int { get }
}

enum Slot<High: HexDigit, Middle: HexDigit, Low: HexDigit>: StatementSlot {
    static var index: Int { High.value << 8 | Middle.value << 4 | Low.value }
}

enum H0: HexDigit { static var value: Int { 0 } }
enum H1: HexDigit { static var value: Int { 1 } }
enum H2: HexDigit { static var value: Int { 2 } }
enum H3: HexDigit { static var value: Int { 3 } }
enum H4: HexDigit { static var value: Int { 4 } }
enum H5: HexDigit { static var value: Int { 5 } }
enum H6: HexDigit { static var value: Int { 6 } }
enum H7: HexDigit { static var value: Int { 7 } }
enum H8: HexDigit { static var value: Int { 8 } }
enum H9: HexDigit { static var value: Int { 9 } }
enum HA: HexDigit { static var value: Int { 10 } }
enum HB: HexDigit { static var value: Int { 11 } }
enum HC: HexDigit { static var value: Int { 12 } }
enum HD: HexDigit { static var value: Int { 13 } }
enum HE: HexDigit { static var value: Int { 14 } }
enum HF: HexDigit { static var value: Int { 15 } }

/// A prepared statement whose rows are read.
struct NamedQuery<S: StatementSlot>: PostgresPreparedStatement {
    typealias Row = PostgresRow
    static var name: String { "storekeeper_q\(S.index)" }
    static var sql: String { PreparedStatements.sql(S.index) }
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// A prepared `INSERT`, `UPDATE` or `DELETE`, run for the number of rows it changes; see
/// ``PreparedStatements/countingCommand(_:)``.
struct NamedCommand<S: StatementSlot>: PostgresPreparedStatement {
    typealias Row = Void
    static var name: String { "storekeeper_c\(S.index)" }
    static var sql: String { PreparedStatements.commandSQL(S.index) }
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) {}
}
