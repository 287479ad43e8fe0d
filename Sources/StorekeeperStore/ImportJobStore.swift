public import AppStoreModels
public import Foundation
public import Storekeeper

/// An import of customers from Apple identifiers (`docs/IMPORT.md`): its rows are stored with
/// it, each row's outcome is written in the transaction that applies the row, and `watermark`
/// counts the leading rows all done, so a run resumed after a crash starts there and never
/// applies a row twice.
public struct ImportJob: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable, CaseIterable {
        case running, finished
    }

    public var id: UUID
    public var appId: String
    /// The operator who started it, and why.
    public var operatorName: String
    public var reason: String
    /// Resolves at Apple and predicts outcomes; writes nothing but the job's own rows.
    public var dryRun: Bool
    public var total: Int
    /// Rows `0..<watermark` all have outcomes.
    public var watermark: Int
    public var status: Status
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        id: UUID, appId: String, operatorName: String, reason: String, dryRun: Bool, total: Int, watermark: Int = 0,
        status: Status = .running, createdAt: Timestamp, updatedAt: Timestamp? = nil
    ) {
        self.id = id
        self.appId = appId
        self.operatorName = operatorName
        self.reason = reason
        self.dryRun = dryRun
        self.total = total
        self.watermark = watermark
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}

/// One row of an import job: a parsed row (or a refused line) and, once done, its outcome.
public struct ImportJobRow: Hashable, Sendable {
    /// Position in the job, from 0.
    public var ordinal: Int
    public var line: Int
    public var customerId: String?
    /// ``ImportIdentifier/kind`` and value; `nil` for a refused line.
    public var kind: String?
    public var value: String?
    public var outcome: ImportOutcome?
    /// Why (a refused line's error, the other customer of a conflict, a failure's cause).
    public var detail: String?

    public init(
        ordinal: Int, line: Int, customerId: String?, kind: String?, value: String?, outcome: ImportOutcome? = nil,
        detail: String? = nil
    ) {
        self.ordinal = ordinal
        self.line = line
        self.customerId = customerId
        self.kind = kind
        self.value = value
        self.outcome = outcome
        self.detail = detail
    }

    /// The parsed row, when this is one.
    public var row: ImportRow? {
        guard let customerId, let kind, let value, let identifier = ImportIdentifier(kind: kind, value: value) else { return nil }
        return ImportRow(line: line, customerId: customerId, identifier: identifier)
    }
}

/// Reads of import jobs.
public protocol ImportJobStoreReader: Sendable {
    func importJob(id: UUID) async throws -> ImportJob?
    /// Jobs of `appIds` still running, oldest first.
    func runningImportJobs(appIds: [String], limit: Int) async throws -> [ImportJob]
    /// Rows without an outcome at or after `from`, in order.
    func pendingImportRows(jobId: UUID, from ordinal: Int, limit: Int) async throws -> [ImportJobRow]
    /// How many rows have each outcome.
    func importOutcomeCounts(jobId: UUID) async throws -> [ImportOutcome: Int]
    /// Rows whose outcome is one of `outcomes`, in order, after `after` (an ordinal).
    func importRows(jobId: UUID, outcomes: [ImportOutcome], after: Int, limit: Int) async throws -> [ImportJobRow]
}

/// Writes of import jobs. Invariants: a row's outcome is written once (a second write of it is
/// refused, answering `false`), so a row applied before a crash is never applied again.
public protocol ImportJobStoreWriter: ImportJobStoreReader {
    func insertImportJob(_ job: ImportJob, rows: [ImportJobRow]) async throws
    /// Sets the row's outcome unless it has one; returns whether it did.
    func recordImportOutcome(jobId: UUID, ordinal: Int, outcome: ImportOutcome, detail: String?) async throws -> Bool
    /// Moves the watermark forward (never back) and sets the status.
    func advanceImportJob(id: UUID, watermark: Int, status: ImportJob.Status, at: Timestamp) async throws
}
