import AppStoreModels
import Storekeeper

/// The operators' view of the inbox (`InboxQueryStore`) and the mass extensions they sent.
enum InboxQueryRows {
    static let summaryColumns = """
        id, app_id, version, environment, received_at, status, attempts, duplicates, last_error, notification_type, \
        subtype, signed_date, processed_at, LENGTH(body)
        """

    static func summary(_ row: SQLRow) throws -> InboxPageEntry {
        InboxPageEntry(
            id: try row.string(0), appId: try row.string(1), version: try row.int(2), environment: try row.optionalString(3),
            receivedAt: try row.timestamp(4), status: try row.closedEnum(InboxNotification.Status.self, 5),
            attempts: try row.int(6), duplicates: try row.int(7), lastError: try row.optionalString(8),
            notificationType: try row.optionalString(9), subtype: try row.optionalString(10),
            signedDate: try row.optionalTimestamp(11), processedAt: try row.optionalTimestamp(12), bodyBytes: try row.int(13))
    }

    /// The page's statement and binds: only the filters given become conditions, so each
    /// combination is its own statement and the planner picks the index that leads with them
    /// (`inbox_app_*` of migration 15). Newest first.
    static func page(_ query: InboxQuery) throws -> (String, [SQLValue]) {
        var conditions = ["app_id = $1"]
        var binds: [SQLValue] = [.text(query.appId)]
        func bind(_ value: SQLValue) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        switch query.status {
        case nil: break
        case .duplicate?: conditions.append("duplicates > 0")
        case .pending?: conditions.append("status = \(bind(.text(InboxNotification.Status.received.rawValue)))")
        case .processed?: conditions.append("status = \(bind(.text(InboxNotification.Status.processed.rawValue)))")
        case .failed?: conditions.append("status = \(bind(.text(InboxNotification.Status.failed.rawValue)))")
        case .rejected?: conditions.append("status = \(bind(.text(InboxNotification.Status.rejected.rawValue)))")
        }
        if let type = query.notificationType { conditions.append("notification_type = \(bind(.text(type)))") }
        if let subtype = query.subtype { conditions.append("subtype = \(bind(.text(subtype)))") }
        if let environment = query.environment { conditions.append("environment = \(bind(.text(environment)))") }
        if let from = query.from { conditions.append("received_at >= \(bind(SQLValue(from)))") }
        if let to = query.to { conditions.append("received_at < \(bind(SQLValue(to)))") }
        if let cursor = query.before {
            let at = bind(SQLValue(cursor.receivedAt))
            let id = bind(.text(cursor.id))
            conditions.append("(received_at < \(at) OR (received_at = \(at) AND id < \(id)))")
        }
        try PurchaseStoreError.checkLimit(query.limit)
        let limit = bind(.integer(Int64(query.limit)))
        return (
            """
            SELECT \(summaryColumns) FROM inbox WHERE \(conditions.joined(separator: " AND "))
            ORDER BY received_at DESC, id DESC LIMIT \(limit)
            """,
            binds
        )
    }

    static let recordDuplicate = "UPDATE inbox SET duplicates = duplicates + 1 WHERE id = $1"

    static let massExtensionColumns = """
        app_id, request_identifier, environment, product_id, days, reason_code, storefronts, operator_name, created_at
        """
    static let massExtension = """
        SELECT \(massExtensionColumns) FROM mass_extensions WHERE app_id = $1 AND request_identifier = $2
        """
    static let insertMassExtension = """
        INSERT INTO mass_extensions (\(massExtensionColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
        ON CONFLICT (app_id, request_identifier) DO NOTHING
        """

    static func massExtension(_ row: SQLRow) throws -> MassExtensionRecord {
        MassExtensionRecord(
            appId: try row.string(0), requestIdentifier: try row.string(1),
            environment: AppStoreEnvironment(rawValue: try row.string(2)), productId: try row.string(3),
            days: try row.int(4), reasonCode: try row.int(5),
            storefronts: try row.optionalString(6).map { $0.split(separator: ",").map(String.init) },
            operatorName: try row.string(7), createdAt: try row.timestamp(8))
    }
}

extension SQLStoreQuerying {
    func inboxPage(_ query: InboxQuery) async throws -> [InboxPageEntry] {
        let (sql, binds) = try InboxQueryRows.page(query)
        return try await self.sql.query(sql, binds).map(InboxQueryRows.summary)
    }

    func massExtension(appId: String, requestIdentifier: String) async throws -> MassExtensionRecord? {
        try await sql.queryFirst(InboxQueryRows.massExtension, [.text(appId), .text(requestIdentifier)])
            .map(InboxQueryRows.massExtension)
    }
}

extension SQLStoreTransaction {
    func recordInboxDuplicate(id: String) async throws -> Bool {
        try await sql.execute(InboxQueryRows.recordDuplicate, [.text(id)]) == 1
    }

    func insertMassExtension(_ record: MassExtensionRecord) async throws -> Bool {
        try await sql.execute(
            InboxQueryRows.insertMassExtension,
            [
                .text(record.appId), .text(record.requestIdentifier), .text(record.environment.rawValue),
                .text(record.productId), SQLValue(record.days), SQLValue(record.reasonCode),
                SQLValue(record.storefronts?.joined(separator: ",")), .text(record.operatorName), SQLValue(record.createdAt),
            ]) == 1
    }
}
