import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// Import jobs (`SQLStore+ImportJobs`).
extension MemoryStoreState {
    func importJob(id: UUID) -> ImportJob? { importJobs[id] }

    func runningImportJobs(appIds: [String], limit: Int) throws -> [ImportJob] {
        try PurchaseStoreError.checkLimit(limit)
        for app in appIds { try MemoryText.refuseNUL(app) }
        let running = importJobs.values.filter { $0.status == .running && appIds.contains($0.appId) }.sorted {
            Self.ordered(
                $0, $1,
                by: [{ Self.compare($0.createdAt, $1.createdAt) }, { Self.compareText(MemoryText.text($0.id), MemoryText.text($1.id)) }])
        }
        return try Self.limited(running, limit)
    }

    func pendingImportRows(jobId: UUID, from ordinal: Int, limit: Int) throws -> [ImportJobRow] {
        try PurchaseStoreError.checkLimit(limit)
        return try Self.limited((importRows[jobId] ?? []).filter { $0.outcome == nil && $0.ordinal >= ordinal }, limit)
    }

    func importOutcomeCounts(jobId: UUID) -> [ImportOutcome: Int] {
        var counts: [ImportOutcome: Int] = [:]
        for case let outcome? in (importRows[jobId] ?? []).map(\.outcome) { counts[outcome, default: 0] += 1 }
        return counts
    }

    func importRows(jobId: UUID, outcomes: [ImportOutcome], after: Int, limit: Int) throws -> [ImportJobRow] {
        try PurchaseStoreError.checkLimit(limit)
        return try Self.limited(
            (importRows[jobId] ?? []).filter { row in row.ordinal > after && row.outcome.map(outcomes.contains) ?? false }, limit)
    }

    mutating func insertImportJob(_ job: ImportJob, rows: [ImportJobRow]) throws {
        try MemoryText.refuseNUL(job.appId, job.operatorName, job.reason)
        for row in rows { try MemoryText.refuseNUL(row.customerId, row.kind, row.value, row.detail) }
        guard importJobs[job.id] == nil else { throw PurchaseStoreError(.uniqueViolation, "import job \(job.id) exists") }
        importJobs[job.id] = job
        importRows[job.id] = rows.sorted { $0.ordinal < $1.ordinal }
    }

    mutating func recordImportOutcome(jobId: UUID, ordinal: Int, outcome: ImportOutcome, detail: String?) throws -> Bool {
        try MemoryText.refuseNUL(detail)
        guard var rows = importRows[jobId], let index = rows.firstIndex(where: { $0.ordinal == ordinal }),
            rows[index].outcome == nil
        else { return false }
        rows[index].outcome = outcome
        rows[index].detail = detail
        importRows[jobId] = rows
        return true
    }

    mutating func advanceImportJob(id: UUID, watermark: Int, status: ImportJob.Status, at: Timestamp) throws {
        guard var job = importJobs[id] else { throw PurchaseStoreError.notFound("no import job \(id)") }
        job.watermark = max(job.watermark, watermark)
        job.status = status
        job.updatedAt = at
        importJobs[id] = job
    }
}

extension MemoryStoreQuerying {
    func importJob(id: UUID) async throws -> ImportJob? { try handle.reading { $0.importJob(id: id) } }

    func runningImportJobs(appIds: [String], limit: Int) async throws -> [ImportJob] {
        try handle.reading { try $0.runningImportJobs(appIds: appIds, limit: limit) }
    }

    func pendingImportRows(jobId: UUID, from ordinal: Int, limit: Int) async throws -> [ImportJobRow] {
        try handle.reading { try $0.pendingImportRows(jobId: jobId, from: ordinal, limit: limit) }
    }

    func importOutcomeCounts(jobId: UUID) async throws -> [ImportOutcome: Int] {
        try handle.reading { $0.importOutcomeCounts(jobId: jobId) }
    }

    func importRows(jobId: UUID, outcomes: [ImportOutcome], after: Int, limit: Int) async throws -> [ImportJobRow] {
        try handle.reading { try $0.importRows(jobId: jobId, outcomes: outcomes, after: after, limit: limit) }
    }
}

extension MemoryStoreTransaction {
    func insertImportJob(_ job: ImportJob, rows: [ImportJobRow]) async throws {
        try handle.writing { try $0.insertImportJob(job, rows: rows) }
    }

    func recordImportOutcome(jobId: UUID, ordinal: Int, outcome: ImportOutcome, detail: String?) async throws -> Bool {
        try handle.writing { try $0.recordImportOutcome(jobId: jobId, ordinal: ordinal, outcome: outcome, detail: detail) }
    }

    func advanceImportJob(id: UUID, watermark: Int, status: ImportJob.Status, at: Timestamp) async throws {
        try handle.writing { try $0.advanceImportJob(id: id, watermark: watermark, status: status, at: at) }
    }
}
