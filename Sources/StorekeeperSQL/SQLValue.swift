public import Foundation

/// One value bound to, or read from, a SQL statement.
///
/// The five cases are the storage classes both backends share, so one schema and one set of
/// statements work on SQLite and PostgreSQL alike:
///
/// | Swift value | SQL type | `SQLValue` |
/// |---|---|---|
/// | `Bool` | `INTEGER` (0 or 1) | `.integer` |
/// | `Int`, `Int64`, money in minor units, timestamps in milliseconds since 1970 | `BIGINT` | `.integer` |
/// | `String`, `UUID` (lowercase text) | `TEXT` | `.text` |
/// | bytes | `BLOB` / `BYTEA` (``SQLDialect/blobType``) | `.blob` |
/// | `Double` (never money) | `DOUBLE PRECISION` / `REAL` | `.real` |
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Wraps any value that knows its SQL representation.
    public init(_ value: some SQLBindable) {
        self = value.sqlValue
    }

    /// `true` when the value is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The name of the storage class, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}

extension SQLValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    /// Booleans are stored as the integers 0 and 1.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue: CustomStringConvertible {
    /// A short description that never prints the contents of text or blobs (they may be personal
    /// data or secrets), only their size.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "text(\(value.utf8.count) bytes)"
        case .blob(let value): "blob(\(value.count) bytes)"
        }
    }
}

/// A Swift type with a fixed SQL representation, so it can be bound with `SQLValue(x)`.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
}

extension Int64: SQLBindable {
    public var sqlValue: SQLValue { .integer(self) }
}

extension Int: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int32: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Bool: SQLBindable {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Double: SQLBindable {
    public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLBindable {
    public var sqlValue: SQLValue { .text(self) }
}

extension UUID: SQLBindable {
    /// UUIDs are stored as lowercase text, PostgreSQL's canonical spelling.
    public var sqlValue: SQLValue { .text(lowercasedString) }
}

extension Data: SQLBindable {
    public var sqlValue: SQLValue { .blob([UInt8](self)) }
}

extension Array: SQLBindable where Element == UInt8 {
    public var sqlValue: SQLValue { .blob(self) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}
