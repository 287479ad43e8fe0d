import AppStoreModels
import Storekeeper

enum APIKeyRows {
    static let byHash = "SELECT name, hash, scopes, created_at, revoked_at FROM api_keys WHERE hash = $1"
    static let insert = "INSERT INTO api_keys (name, hash, scopes, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5)"

    static func key(_ row: SQLRow) throws -> APIKeyRecord {
        APIKeyRecord(
            name: try row.string(0), hash: try row.string(1), scopes: try row.json([String].self, 2),
            createdAt: try row.timestamp(3), revokedAt: try row.optionalTimestamp(4))
    }
}

extension SQLStoreQuerying {
    func apiKey(hash: String) async throws -> APIKeyRecord? {
        try await sql.queryFirst(APIKeyRows.byHash, [.text(hash)]).map(APIKeyRows.key)
    }
}

extension SQLStoreTransaction {
    /// A second key with the same hash fails with ``SQLError/Code/uniqueViolation``.
    func insertAPIKey(_ key: APIKeyRecord) async throws {
        try await sql.execute(
            APIKeyRows.insert,
            [.text(key.name), .text(key.hash), try StoreJSON.text(key.scopes), SQLValue(key.createdAt), SQLValue(key.revokedAt)])
    }
}
