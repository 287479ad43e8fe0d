import AppStoreModels
import Storekeeper
import StorekeeperStore

enum AdminActionRows {
    static let columns = "app_id, idempotency_key, operator_name, kind, request_hash, response, created_at"
    static let byKey = "SELECT \(columns) FROM admin_actions WHERE app_id = $1 AND idempotency_key = $2"
    static let insert = "INSERT INTO admin_actions (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7)"

    static func record(_ row: SQLRow) throws -> AdminActionRecord {
        AdminActionRecord(
            appId: try row.string(0), key: try row.string(1), operatorName: try row.string(2), kind: try row.string(3),
            requestHash: try row.string(4), response: try row.bytes(5), createdAt: try row.timestamp(6))
    }
}

extension SQLStoreQuerying {
    func adminAction(appId: String, key: String) async throws -> AdminActionRecord? {
        try await sql.queryFirst(AdminActionRows.byKey, [.text(appId), .text(key)]).map(AdminActionRows.record)
    }
}

extension SQLStoreTransaction {
    func insertAdminAction(_ record: AdminActionRecord) async throws {
        try await sql.execute(
            AdminActionRows.insert,
            [
                .text(record.appId), .text(record.key), .text(record.operatorName), .text(record.kind),
                .text(record.requestHash), .blob(record.response), SQLValue(record.createdAt),
            ])
    }
}
