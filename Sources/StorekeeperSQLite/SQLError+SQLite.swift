import CSQLite
import Foundation
import StorekeeperSQL

extension SQLError {
    /// Maps an SQLite (extended) result code to the backend-neutral codes.
    init(sqliteStatus status: Int32, message: String) {
        let code: Code
        var constraint: String?
        switch status {
        case SQLiteCode.constraintUnique, SQLiteCode.constraintPrimaryKey:
            code = .uniqueViolation
            constraint = Self.sqliteConstraint(in: message)
        case SQLiteCode.constraintForeignKey:
            code = .foreignKeyViolation
        case SQLiteCode.constraintCheck:
            code = .checkViolation
            constraint = Self.sqliteConstraint(in: message)
        case SQLiteCode.constraintNotNull:
            code = .notNullViolation
            constraint = Self.sqliteConstraint(in: message)
        default:
            switch status & 0xff {
            case SQLITE_BUSY, SQLITE_LOCKED: code = .busy
            case SQLITE_READONLY: code = .readOnlyTransaction
            case SQLITE_CANTOPEN, SQLITE_NOTADB: code = .connectionFailure
            case SQLITE_ERROR: code = .invalidStatement
            case SQLITE_RANGE: code = .invalidArguments
            default: code = .databaseError
            }
        }
        self.init(code, message, constraint: constraint, backendCode: String(status))
    }

    /// SQLite names the failing columns (`UNIQUE constraint failed: orders.id`) or the CHECK
    /// constraint (`CHECK constraint failed: positive_amount`) after a colon.
    private static func sqliteConstraint(in message: String) -> String? {
        guard let colon = message.range(of: "constraint failed: ") else { return nil }
        let name = message[colon.upperBound...].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }
}

/// Extended result codes that the C header defines with expressions, which Swift does not import.
enum SQLiteCode {
    static let constraintCheck = SQLITE_CONSTRAINT | (1 << 8)
    static let constraintForeignKey = SQLITE_CONSTRAINT | (3 << 8)
    static let constraintNotNull = SQLITE_CONSTRAINT | (5 << 8)
    static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
}
