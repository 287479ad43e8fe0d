public import Foundation

/// One row of a query result: its values in select-list order, and the column names.
///
/// Read values by column index with the typed accessors (`row.int64(0)`, `row.optionalString(2)`).
/// Each throws ``SQLError/Code/typeMismatch`` when the column holds another type, or is `NULL`
/// where a value is required, or does not exist; none of them traps.
public struct SQLRow: Sendable, Hashable {
    /// The column names, as the database reports them (`AS` aliases included).
    public let columns: [String]
    /// The values, one per column.
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The index of the first column with this name (case-sensitive), if any.
    public func index(of column: String) -> Int? {
        columns.firstIndex(of: column)
    }

    /// The raw value of a column.
    public func value(_ index: Int) throws(SQLError) -> SQLValue {
        guard values.indices.contains(index) else {
            throw .typeMismatch("column \(index) does not exist; the row has \(values.count) columns")
        }
        return values[index]
    }

    // MARK: Required values

    public func int64(_ index: Int) throws(SQLError) -> Int64 {
        try required(index, "integer", optionalInt64(index))
    }

    public func int(_ index: Int) throws(SQLError) -> Int {
        try required(index, "integer", optionalInt(index))
    }

    /// A boolean stored as the integer 0 or 1 (PostgreSQL `boolean` results are read as 0 or 1 too).
    public func bool(_ index: Int) throws(SQLError) -> Bool {
        try required(index, "boolean", optionalBool(index))
    }

    /// A floating-point value; an integer column is widened to `Double`.
    public func double(_ index: Int) throws(SQLError) -> Double {
        try required(index, "real", optionalDouble(index))
    }

    public func string(_ index: Int) throws(SQLError) -> String {
        try required(index, "text", optionalString(index))
    }

    public func bytes(_ index: Int) throws(SQLError) -> [UInt8] {
        try required(index, "blob", optionalBytes(index))
    }

    /// A UUID stored as text (any letter case).
    public func uuid(_ index: Int) throws(SQLError) -> UUID {
        try required(index, "uuid text", optionalUUID(index))
    }

    // MARK: Optional values (NULL reads as nil)

    public func optionalInt64(_ index: Int) throws(SQLError) -> Int64? {
        switch try value(index) {
        case .null: return nil
        case .integer(let value): return value
        default: throw mismatch(index, expected: "integer")
        }
    }

    public func optionalInt(_ index: Int) throws(SQLError) -> Int? {
        guard let value = try optionalInt64(index) else { return nil }
        guard let int = Int(exactly: value) else { throw mismatch(index, expected: "Int") }
        return int
    }

    public func optionalBool(_ index: Int) throws(SQLError) -> Bool? {
        switch try value(index) {
        case .null: return nil
        case .integer(0): return false
        case .integer(1): return true
        default: throw mismatch(index, expected: "boolean (integer 0 or 1)")
        }
    }

    public func optionalDouble(_ index: Int) throws(SQLError) -> Double? {
        switch try value(index) {
        case .null: return nil
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(index, expected: "real")
        }
    }

    public func optionalString(_ index: Int) throws(SQLError) -> String? {
        switch try value(index) {
        case .null: return nil
        case .text(let value): return value
        default: throw mismatch(index, expected: "text")
        }
    }

    public func optionalBytes(_ index: Int) throws(SQLError) -> [UInt8]? {
        switch try value(index) {
        case .null: return nil
        case .blob(let value): return value
        default: throw mismatch(index, expected: "blob")
        }
    }

    public func optionalUUID(_ index: Int) throws(SQLError) -> UUID? {
        guard let text = try optionalString(index) else { return nil }
        guard let uuid = UUID(uuidString: text) else { throw mismatch(index, expected: "uuid text") }
        return uuid
    }

    // MARK: Helpers

    private func required<T>(_ index: Int, _ expected: String, _ value: T?) throws(SQLError) -> T {
        guard let value else {
            throw .typeMismatch("column \(describe(index)) is NULL, expected \(expected)")
        }
        return value
    }

    private func mismatch(_ index: Int, expected: String) -> SQLError {
        let actual = values.indices.contains(index) ? values[index].typeName : "missing"
        return .typeMismatch("column \(describe(index)) holds \(actual), expected \(expected)")
    }

    private func describe(_ index: Int) -> String {
        columns.indices.contains(index) ? "\(index) (\"\(columns[index])\")" : "\(index)"
    }
}
