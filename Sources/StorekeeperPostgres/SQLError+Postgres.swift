import PostgresNIO
import StorekeeperSQL

extension SQLError {
    /// Maps a PostgresNIO error (server errors by SQLSTATE) to the backend-neutral codes. The
    /// server's DETAIL is left out of `reason`: it repeats the offending values. The PostgresNIO
    /// error is kept, typed, as `underlying`.
    init(postgres error: any Error) {
        if let error = error as? SQLError {
            self = error
            return
        }
        guard let error = error as? PSQLError else {
            self.init(.connectionFailure, "PostgreSQL connection failed: \(error)", underlying: error)
            return
        }
        switch error.code {
        case .server:
            let sqlState = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "PostgreSQL reported an error"
            self.init(
                Self.code(sqlState: sqlState), message,
                constraint: error.serverInfo?[.constraintName], backendCode: sqlState, underlying: error)
        case .tooManyParameters:
            self.init(.invalidArguments, "too many bind values for PostgreSQL (at most 65535)", underlying: error)
        case .queryCancelled:
            self.init(.connectionFailure, "cancelled while waiting for a PostgreSQL connection or result", underlying: error)
        case .invalidCommandTag, .messageDecodingFailure, .unexpectedBackendMessage:
            self.init(.databaseError, "PostgreSQL protocol error: \(error.code)", underlying: error)
        default:
            // Connection, TLS, authentication and pool failures.
            self.init(.connectionFailure, "PostgreSQL connection failed: \(error.code)", underlying: error)
        }
    }

    /// https://www.postgresql.org/docs/current/errcodes-appendix.html
    static func code(sqlState: String) -> Code {
        switch sqlState {
        case "23505": .uniqueViolation
        case "23503": .foreignKeyViolation
        case "23514": .checkViolation
        case "23502": .notNullViolation
        case "40001": .serializationFailure
        case "40P01": .deadlock
        case "55P03": .busy
        case "25006": .readOnlyTransaction
        case "25P02": .transactionAborted
        // A Bind message whose value count differs from the statement's placeholders.
        case "08P01": .invalidArguments
        case "57P01", "57P02", "57P03", "53300": .connectionFailure
        case let state where state.hasPrefix("08"): .connectionFailure
        case let state where state.hasPrefix("42"): .invalidStatement
        default: .databaseError
        }
    }
}
