import CSQLite
import StorekeeperSQL

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before `sqlite3_bind_*` returns. The C macro
/// is a cast of -1 to a function pointer, which Swift does not import.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension SQLiteConnection {
    /// Binds one value at a 1-based SQLite parameter index.
    static func bind(_ value: SQLValue, to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let value):
            return sqlite3_bind_int64(statement, index, value)
        case .real(let value):
            return sqlite3_bind_double(statement, index, value)
        case .text(let value):
            var value = value
            return value.withUTF8 { utf8 in
                // An empty buffer may have no base address, which SQLite would bind as NULL.
                guard let base = utf8.baseAddress, !utf8.isEmpty else {
                    return sqlite3_bind_text(statement, index, "", 0, transient)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                    sqlite3_bind_text64(statement, index, $0, sqlite3_uint64(utf8.count), transient, UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            return bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, !buffer.isEmpty else {
                    return sqlite3_bind_zeroblob(statement, index, 0)
                }
                return sqlite3_bind_blob64(statement, index, base, sqlite3_uint64(buffer.count), transient)
            }
        }
    }

    /// The values of the current row, by SQLite's storage class of each value.
    static func readRow(_ statement: OpaquePointer) -> [SQLValue] {
        let count = sqlite3_column_count(statement)
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER:
                values.append(.integer(sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT:
                values.append(.real(sqlite3_column_double(statement, column)))
            case SQLITE_TEXT:
                let length = Int(sqlite3_column_bytes(statement, column))
                let text = sqlite3_column_text(statement, column).map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
                values.append(.text(text ?? ""))
            case SQLITE_BLOB:
                let pointer = sqlite3_column_blob(statement, column)
                let length = Int(sqlite3_column_bytes(statement, column))
                values.append(.blob(pointer.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: length)) } ?? []))
            default:
                values.append(.null)
            }
        }
        return values
    }

    static func columnNames(_ statement: OpaquePointer) -> [String] {
        (0..<sqlite3_column_count(statement)).map { column in
            sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
        }
    }
}
