import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// Import jobs and their rows (``ImportJobStoreReader``).
enum ImportJobRows {
    static let jobColumns = "id, app_id, operator, reason, dry_run, total, watermark, status, created_at, updated_at"
    static let rowColumns = "ordinal, line, customer_id, kind, value, outcome, detail"
    /// Rows per insert statement (8 binds each).
    static let insertChunk = 200

    static func job(_ row: SQLRow) throws -> ImportJob {
        ImportJob(
            id: try row.uuid(0), appId: try row.string(1), operatorName: try row.string(2), reason: try row.string(3),
            dryRun: try row.bool(4), total: try row.int(5), watermark: try row.int(6),
            status: try row.closedEnum(ImportJob.Status.self, 7), createdAt: try row.timestamp(8), updatedAt: try row.timestamp(9))
    }

    static func row(_ row: SQLRow) throws -> ImportJobRow {
        ImportJobRow(
            ordinal: try row.int(0), line: try row.int(1), customerId: try row.optionalString(2), kind: try row.optionalString(3),
            value: try row.optionalString(4), outcome: try row.optionalString(5).map { try ImportJobRows.outcome($0) },
            detail: try row.optionalString(6))
    }

    static func outcome(_ text: String) throws -> ImportOutcome {
        guard let outcome = ImportOutcome(rawValue: text) else {
            throw PurchaseStoreError(.storageFailure, "unknown import outcome \(text)")
        }
        return outcome
    }

    static func insertRows(count: Int) -> String {
        let values = (0..<count).map { index in
            "(" + (1...8).map { "$\(index * 8 + $0)" }.joined(separator: ", ") + ")"
        }
        return "INSERT INTO import_rows (job_id, \(rowColumns)) VALUES " + values.joined(separator: ", ")
    }

    static func placeholders(_ count: Int, from first: Int) -> String {
        (0..<count).map { "$\(first + $0)" }.joined(separator: ", ")
    }
}

extension SQLStoreQuerying {
    func importJob(id: UUID) async throws -> ImportJob? {
        try await sql.queryFirst("SELECT \(ImportJobRows.jobColumns) FROM import_jobs WHERE id = $1", [SQLValue(id)])
            .map(ImportJobRows.job)
    }

    func runningImportJobs(appIds: [String], limit: Int) async throws -> [ImportJob] {
        guard !appIds.isEmpty else { return [] }
        let limitBind = try limitValue(limit)
        return try await sql.query(
            """
            SELECT \(ImportJobRows.jobColumns) FROM import_jobs
            WHERE status = 'running' AND app_id IN (\(ImportJobRows.placeholders(appIds.count, from: 2)))
            ORDER BY created_at, id LIMIT $1
            """, [limitBind] + appIds.map { .text($0) }
        ).map(ImportJobRows.job)
    }

    func pendingImportRows(jobId: UUID, from ordinal: Int, limit: Int) async throws -> [ImportJobRow] {
        try await sql.query(
            """
            SELECT \(ImportJobRows.rowColumns) FROM import_rows
            WHERE job_id = $1 AND outcome IS NULL AND ordinal >= $2 ORDER BY ordinal LIMIT $3
            """, [SQLValue(jobId), .integer(Int64(ordinal)), try limitValue(limit)]
        ).map(ImportJobRows.row)
    }

    func importOutcomeCounts(jobId: UUID) async throws -> [ImportOutcome: Int] {
        let rows = try await sql.query(
            "SELECT outcome, COUNT(*) FROM import_rows WHERE job_id = $1 AND outcome IS NOT NULL GROUP BY outcome",
            [SQLValue(jobId)])
        var counts: [ImportOutcome: Int] = [:]
        for row in rows { counts[try ImportJobRows.outcome(try row.string(0))] = try row.int(1) }
        return counts
    }

    func importRows(jobId: UUID, outcomes: [ImportOutcome], after: Int, limit: Int) async throws -> [ImportJobRow] {
        guard !outcomes.isEmpty else { return [] }
        return try await sql.query(
            """
            SELECT \(ImportJobRows.rowColumns) FROM import_rows
            WHERE job_id = $1 AND ordinal > $2 AND outcome IN (\(ImportJobRows.placeholders(outcomes.count, from: 4)))
            ORDER BY ordinal LIMIT $3
            """, [SQLValue(jobId), .integer(Int64(after)), try limitValue(limit)] + outcomes.map { .text($0.rawValue) }
        ).map(ImportJobRows.row)
    }
}

extension SQLStoreTransaction {
    func insertImportJob(_ job: ImportJob, rows: [ImportJobRow]) async throws {
        try await sql.execute(
            "INSERT INTO import_jobs (\(ImportJobRows.jobColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            [
                SQLValue(job.id), .text(job.appId), .text(job.operatorName), .text(job.reason), .integer(job.dryRun ? 1 : 0),
                .integer(Int64(job.total)), .integer(Int64(job.watermark)), .text(job.status.rawValue), SQLValue(job.createdAt),
                SQLValue(job.updatedAt),
            ])
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + ImportJobRows.insertChunk, rows.count)]
            let binds = chunk.flatMap { row -> [SQLValue] in
                [
                    SQLValue(job.id), .integer(Int64(row.ordinal)), .integer(Int64(row.line)), SQLValue(row.customerId),
                    SQLValue(row.kind), SQLValue(row.value), SQLValue(row.outcome?.rawValue), SQLValue(row.detail),
                ]
            }
            try await sql.execute(ImportJobRows.insertRows(count: chunk.count), binds)
            start += chunk.count
        }
    }

    func recordImportOutcome(jobId: UUID, ordinal: Int, outcome: ImportOutcome, detail: String?) async throws -> Bool {
        try await sql.execute(
            "UPDATE import_rows SET outcome = $3, detail = $4 WHERE job_id = $1 AND ordinal = $2 AND outcome IS NULL",
            [SQLValue(jobId), .integer(Int64(ordinal)), .text(outcome.rawValue), SQLValue(detail)]) == 1
    }

    func advanceImportJob(id: UUID, watermark: Int, status: ImportJob.Status, at: Timestamp) async throws {
        let changed = try await sql.execute(
            """
            UPDATE import_jobs SET watermark = CASE WHEN watermark > $2 THEN watermark ELSE $2 END, status = $3, updated_at = $4
            WHERE id = $1
            """, [SQLValue(id), .integer(Int64(watermark)), .text(status.rawValue), SQLValue(at)])
        guard changed == 1 else { throw SQLPurchaseStoreError.notFound("no import job \(id)") }
    }
}
