import AppStoreModels
import Storekeeper

enum CoordinationRows {
    static let watermark = "SELECT value FROM watermarks WHERE name = $1"
    static let setWatermark = """
        INSERT INTO watermarks (name, value, updated_at) VALUES ($1, $2, $3)
        ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
        """
    /// Inserts a free lease, renews the owner's own, or takes over an expired one; a live lease of
    /// another owner is left alone and no row is returned. On PostgreSQL the conflicting row is
    /// locked before the condition is checked, so concurrent callers cannot both win.
    static let acquireLease = """
        INSERT INTO leases (name, owner, expires_at, acquired_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (name) DO UPDATE SET
            owner = excluded.owner, expires_at = excluded.expires_at,
            acquired_at = CASE WHEN leases.owner = excluded.owner THEN leases.acquired_at ELSE excluded.acquired_at END
        WHERE leases.owner = excluded.owner OR leases.expires_at <= excluded.acquired_at
        RETURNING owner
        """
}

extension SQLStoreQuerying {
    func watermark(_ name: String) async throws -> String? {
        try await sql.queryFirst(CoordinationRows.watermark, [.text(name)]).map { try $0.string(0) }
    }
}

extension SQLStoreTransaction {
    func setWatermark(_ name: String, value: String) async throws {
        try await sql.execute(CoordinationRows.setWatermark, [.text(name), .text(value), SQLValue(now())])
    }

    /// A lease is expired when `expires_at <= now`.
    func acquireLease(_ name: String, owner: String, until: Timestamp, now: Timestamp) async throws -> Bool {
        try await sql.queryFirst(CoordinationRows.acquireLease, [.text(name), .text(owner), SQLValue(until), SQLValue(now)])
            != nil
    }
}
