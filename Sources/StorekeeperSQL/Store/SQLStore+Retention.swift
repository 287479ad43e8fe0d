import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

enum RetentionRows {
    static let settingsByApp = "SELECT app_id, rules, revision, updated_at, updated_by FROM retention_settings WHERE app_id = $1"
    static let saveSettings = """
        INSERT INTO retention_settings (app_id, rules, revision, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (app_id) DO UPDATE SET rules = excluded.rules, revision = excluded.revision,
            updated_at = excluded.updated_at, updated_by = excluded.updated_by
        """
    static let contentColumns = """
        app_id, environment, identifier, kind, header, body, image_identifier, state, uploaded_at, updated_at
        """
    static let contentByApp = """
        SELECT \(contentColumns) FROM retention_content WHERE app_id = $1 AND environment = $2
        ORDER BY uploaded_at, identifier
        """
    static let saveContent = """
        INSERT INTO retention_content (\(contentColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        ON CONFLICT (app_id, environment, identifier) DO UPDATE SET kind = excluded.kind, header = excluded.header,
            body = excluded.body, image_identifier = excluded.image_identifier, state = excluded.state,
            uploaded_at = excluded.uploaded_at, updated_at = excluded.updated_at
        """
    static let deleteContent = "DELETE FROM retention_content WHERE app_id = $1 AND environment = $2 AND identifier = $3"
    static let requestColumns = """
        request_identifier, app_id, environment, original_transaction_id, customer_id, product_id, locale, rule_id, \
        answer_kind, message_identifier, alternate_product_id, offer_id, reason, signed_date, received_at, \
        server_microseconds, outcome, outcome_at, outcome_fact
        """
    static let requestById = "SELECT \(requestColumns) FROM retention_requests WHERE request_identifier = $1"
    /// Served by `retention_requests_subscription`.
    static let openRequest = """
        SELECT \(requestColumns) FROM retention_requests
        WHERE environment = $1 AND original_transaction_id = $2 AND received_at >= $3 AND outcome IS NULL
        ORDER BY received_at DESC, request_identifier DESC LIMIT 1
        """
    static let insertRequest = """
        INSERT INTO retention_requests (\(requestColumns))
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
        ON CONFLICT (request_identifier) DO NOTHING
        """
    static let recordOutcome = """
        UPDATE retention_requests SET outcome = $2, outcome_at = $3, outcome_fact = $4
        WHERE request_identifier = $1 AND outcome IS NULL
        """
    /// Served by `retention_requests_app`.
    static let tallies = """
        SELECT rule_id, answer_kind, outcome, CASE WHEN received_at < $3 THEN 1 ELSE 0 END,
            CASE WHEN server_microseconds > $4 THEN 1 ELSE 0 END, COUNT(*)
        FROM retention_requests WHERE app_id = $1 AND received_at >= $2
        GROUP BY rule_id, answer_kind, outcome, CASE WHEN received_at < $3 THEN 1 ELSE 0 END,
            CASE WHEN server_microseconds > $4 THEN 1 ELSE 0 END
        """

    static func settings(_ row: SQLRow) throws -> RetentionSettings {
        let rules: [RetentionRule]
        do {
            rules = try JSONCoding.decode([RetentionRule].self, from: Data(try row.string(1).utf8))
        } catch {
            throw SQLPurchaseStoreError.corrupt("column retention_settings.rules does not decode: \(error)")
        }
        return RetentionSettings(
            appId: try row.string(0), rules: rules, revision: try row.int(2), updatedAt: try row.timestamp(3),
            updatedBy: try row.string(4))
    }

    static func content(_ row: SQLRow) throws -> RetentionContent {
        RetentionContent(
            appId: try row.string(0), environment: AppStoreEnvironment(rawValue: try row.string(1)),
            kind: try row.closedEnum(RetentionContent.Kind.self, 3),
            identifier: try row.uuid(2), header: try row.optionalString(4), body: try row.optionalString(5),
            imageIdentifier: try row.optionalUUID(6), state: try row.string(7), uploadedAt: try row.timestamp(8),
            updatedAt: try row.timestamp(9))
    }

    static func request(_ row: SQLRow) throws -> RetentionRequestRecord {
        RetentionRequestRecord(
            requestIdentifier: try row.uuid(0), appId: try row.string(1), environment: AppStoreEnvironment(rawValue: try row.string(2)),
            originalTransactionId: try row.string(3), customerId: try row.optionalCustomerID(4), productId: try row.string(5),
            locale: try row.string(6), ruleId: try row.optionalString(7),
            answerKind: RetentionAnswerTemplate.Kind(rawValue: try row.string(8)), messageIdentifier: try row.optionalUUID(9),
            alternateProductId: try row.optionalString(10), offerId: try row.optionalString(11), reason: try row.optionalString(12),
            signedDate: try row.timestamp(13), receivedAt: try row.timestamp(14), serverMicroseconds: try row.int64(15),
            outcome: try row.optionalString(16).map(RetentionOutcome.init(rawValue:)), outcomeAt: try row.optionalTimestamp(17),
            outcomeFact: try row.optionalString(18))
    }
}

extension SQLStoreQuerying {
    func retentionSettings(appId: String) async throws -> RetentionSettings? {
        try await sql.queryFirst(RetentionRows.settingsByApp, [.text(appId)]).map(RetentionRows.settings)
    }

    func retentionContent(appId: String, environment: AppStoreEnvironment) async throws -> [RetentionContent] {
        try await sql.query(RetentionRows.contentByApp, [.text(appId), SQLValue(environment)]).map(RetentionRows.content)
    }

    func retentionRequest(_ requestIdentifier: UUID) async throws -> RetentionRequestRecord? {
        try await sql.queryFirst(RetentionRows.requestById, [SQLValue(requestIdentifier)]).map(RetentionRows.request)
    }

    func openRetentionRequest(
        environment: AppStoreEnvironment, originalTransactionId: String, since: Timestamp
    ) async throws -> RetentionRequestRecord? {
        try await sql.queryFirst(RetentionRows.openRequest, [SQLValue(environment), .text(originalTransactionId), SQLValue(since)])
            .map(RetentionRows.request)
    }

    func retentionTallies(
        appId: String, since: Timestamp, maturedBefore: Timestamp, lateAfterMicroseconds: Int64
    ) async throws -> [RetentionTally] {
        try await sql.query(
            RetentionRows.tallies, [.text(appId), SQLValue(since), SQLValue(maturedBefore), .integer(lateAfterMicroseconds)]
        ).map { row in
            RetentionTally(
                ruleId: try row.optionalString(0), answerKind: try row.string(1), outcome: try row.optionalString(2),
                matured: try row.int64(3) == 1, late: try row.int64(4) == 1, count: try row.int(5))
        }.sorted {
            ($0.ruleId ?? "", $0.answerKind, $0.outcome ?? "", $0.matured ? 1 : 0, $0.late ? 1 : 0)
                < ($1.ruleId ?? "", $1.answerKind, $1.outcome ?? "", $1.matured ? 1 : 0, $1.late ? 1 : 0)
        }
    }
}

extension SQLStoreTransaction {
    func saveRetentionSettings(_ settings: RetentionSettings) async throws {
        _ = try await sql.execute(
            RetentionRows.saveSettings,
            [
                .text(settings.appId), try StoreJSON.text(settings.rules), SQLValue(settings.revision), SQLValue(settings.updatedAt),
                .text(settings.updatedBy),
            ])
    }

    func saveRetentionContent(_ content: RetentionContent) async throws {
        _ = try await sql.execute(
            RetentionRows.saveContent,
            [
                .text(content.appId), SQLValue(content.environment), SQLValue(content.identifier), .text(content.kind.rawValue),
                SQLValue(content.header), SQLValue(content.body), SQLValue(content.imageIdentifier), .text(content.state),
                SQLValue(content.uploadedAt), SQLValue(content.updatedAt),
            ])
    }

    func deleteRetentionContent(appId: String, environment: AppStoreEnvironment, identifier: UUID) async throws -> Bool {
        try await sql.execute(RetentionRows.deleteContent, [.text(appId), SQLValue(environment), SQLValue(identifier)]) > 0
    }

    func insertRetentionRequest(_ request: RetentionRequestRecord) async throws -> Bool {
        try await sql.execute(
            RetentionRows.insertRequest,
            [
                SQLValue(request.requestIdentifier), .text(request.appId), SQLValue(request.environment),
                .text(request.originalTransactionId), SQLValue(request.customerId), .text(request.productId), .text(request.locale),
                SQLValue(request.ruleId), .text(request.answerKind.rawValue), SQLValue(request.messageIdentifier),
                SQLValue(request.alternateProductId), SQLValue(request.offerId), SQLValue(request.reason),
                SQLValue(request.signedDate), SQLValue(request.receivedAt), .integer(request.serverMicroseconds),
                SQLValue(request.outcome?.rawValue), SQLValue(request.outcomeAt), SQLValue(request.outcomeFact),
            ]) > 0
    }

    func recordRetentionOutcome(
        _ requestIdentifier: UUID, outcome: RetentionOutcome, at time: Timestamp, fact: String
    ) async throws -> Bool {
        try await sql.execute(
            RetentionRows.recordOutcome, [SQLValue(requestIdentifier), .text(outcome.rawValue), SQLValue(time), .text(fact)]) > 0
    }
}
