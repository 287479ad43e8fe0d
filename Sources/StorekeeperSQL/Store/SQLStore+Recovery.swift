import AppStoreModels
import Storekeeper

enum RecoveryRows {
    static let columns = "job, slice_start, slice_end, next_page_token, pages_applied, notifications_seen, complete, updated_at"
    static let byJob = "SELECT \(columns) FROM recovery_slices WHERE job = $1 ORDER BY slice_start"
    static let save = """
        INSERT INTO recovery_slices (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
        ON CONFLICT (job, slice_start) DO UPDATE SET
            slice_end = excluded.slice_end, next_page_token = excluded.next_page_token,
            pages_applied = excluded.pages_applied, notifications_seen = excluded.notifications_seen,
            complete = excluded.complete, updated_at = excluded.updated_at
        """
    static let deleteJob = "DELETE FROM recovery_slices WHERE job = $1"

    static func slice(_ row: SQLRow) throws -> RecoverySlice {
        RecoverySlice(
            job: try row.string(0), start: try row.timestamp(1), end: try row.timestamp(2), nextPageToken: try row.optionalString(3),
            pagesApplied: try row.int(4), notificationsSeen: try row.int(5), isComplete: try row.bool(6),
            updatedAt: try row.timestamp(7))
    }
}

extension SQLStoreQuerying {
    func recoverySlices(job: String) async throws -> [RecoverySlice] {
        try await sql.query(RecoveryRows.byJob, [.text(job)]).map(RecoveryRows.slice)
    }
}

extension SQLStoreTransaction {
    func saveRecoverySlice(_ slice: RecoverySlice) async throws {
        _ = try await sql.execute(
            RecoveryRows.save,
            [
                .text(slice.job), SQLValue(slice.start), SQLValue(slice.end), slice.nextPageToken.map(SQLValue.text) ?? .null,
                .integer(Int64(slice.pagesApplied)), .integer(Int64(slice.notificationsSeen)), .integer(slice.isComplete ? 1 : 0),
                SQLValue(slice.updatedAt),
            ])
    }

    func deleteRecoverySlices(job: String) async throws -> Int {
        try await sql.execute(RecoveryRows.deleteJob, [.text(job)])
    }
}
