import AppStoreModels
import Storekeeper
import StorekeeperStore

enum ConsoleSessionRows {
    static let byHash = """
        SELECT id_hash, operator_name, csrf_token, created_at, last_seen_at FROM console_sessions WHERE id_hash = $1
        """
    static let insert = """
        INSERT INTO console_sessions (id_hash, operator_name, csrf_token, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)
        """
    static let touch = "UPDATE console_sessions SET last_seen_at = $2 WHERE id_hash = $1"
    static let delete = "DELETE FROM console_sessions WHERE id_hash = $1"
    /// Two range deletes, each served by its own index (an `OR` would scan on SQLite).
    static let deleteIdle = "DELETE FROM console_sessions WHERE last_seen_at < $1"
    static let deleteOld = "DELETE FROM console_sessions WHERE created_at < $1"

    static func session(_ row: SQLRow) throws -> ConsoleSession {
        ConsoleSession(
            idHash: try row.string(0), operatorName: try row.string(1), csrfToken: try row.string(2),
            createdAt: try row.timestamp(3), lastSeenAt: try row.timestamp(4))
    }
}

extension SQLStoreQuerying {
    func consoleSession(idHash: String) async throws -> ConsoleSession? {
        try await sql.queryFirst(ConsoleSessionRows.byHash, [.text(idHash)]).map(ConsoleSessionRows.session)
    }
}

extension SQLStoreTransaction {
    func insertConsoleSession(_ session: ConsoleSession) async throws {
        _ = try await sql.execute(
            ConsoleSessionRows.insert,
            [
                .text(session.idHash), .text(session.operatorName), .text(session.csrfToken), SQLValue(session.createdAt),
                SQLValue(session.lastSeenAt),
            ])
    }

    func touchConsoleSession(idHash: String, at: Timestamp) async throws -> Bool {
        try await sql.execute(ConsoleSessionRows.touch, [.text(idHash), SQLValue(at)]) > 0
    }

    func deleteConsoleSession(idHash: String) async throws -> Bool {
        try await sql.execute(ConsoleSessionRows.delete, [.text(idHash)]) > 0
    }

    func deleteConsoleSessions(lastSeenBefore: Timestamp, createdBefore: Timestamp) async throws -> Int {
        let idle = try await sql.execute(ConsoleSessionRows.deleteIdle, [SQLValue(lastSeenBefore)])
        return idle + (try await sql.execute(ConsoleSessionRows.deleteOld, [SQLValue(createdBefore)]))
    }
}
