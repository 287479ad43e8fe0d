package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperStore

/// Imports an existing customer base (`docs/IMPORT.md`): each row's Apple identifier (or app
/// receipt) is resolved through Apple's Transaction History and subscription statuses, verified,
/// and applied like any fact the customer presents (``FactApplier``, under the app's ownership
/// policy).
///
/// A job's rows are stored with it (``ImportJobStoreWriter``). A row's outcome is written in the
/// transaction that applies it, and that write is refused when the row already has one, so a run
/// resumed after a crash (from the job's watermark) never applies a row twice, and two runners of
/// one job cannot both apply a row. Rows run in parallel, `concurrency` at a time; the calls to
/// Apple share the App Store Server API client's per-endpoint budget, which makes them wait
/// their turn as recovery's do.
package struct CustomerImport: Sendable {
    package let store: any PurchaseStore
    package let runtime: AppRuntime
    package let applier: FactApplier
    package let now: any WallClock
    /// Rows in flight at once.
    package var concurrency = 32
    /// Rows read per step; the watermark moves after each.
    package var batch = 512

    package init(store: any PurchaseStore, runtime: AppRuntime, applier: FactApplier, now: any WallClock) {
        self.store = store
        self.runtime = runtime
        self.applier = applier
        self.now = now
    }

    package var app: AppConfiguration { runtime.config }

    /// Stores a job for `text` (refused lines recorded `invalid` with their errors), audited as
    /// `operator`'s action with `reason`.
    package func start(
        _ text: String, format: ImportFile.Format, dryRun: Bool, operator name: String, reason: String
    ) async throws -> ImportJob {
        // Every row is resolved at Apple: without a key none could be.
        _ = try AppleSide.connection(runtime)
        let parsed = ImportFile.parse(text, format: format)
        var rows = parsed.rows.map {
            ImportJobRow(ordinal: 0, line: $0.line, customerId: $0.customerId, kind: $0.identifier.kind, value: $0.identifier.value)
        }
        rows += parsed.invalid.map {
            ImportJobRow(
                ordinal: 0, line: $0.line, customerId: nil, kind: nil, value: nil, outcome: .invalid,
                detail: "\($0.code.rawValue): \($0.message)")
        }
        rows.sort { $0.line < $1.line }
        for index in rows.indices { rows[index].ordinal = index }
        guard !rows.isEmpty else { throw StorekeeperError.invalidRequest("the file holds no row") }
        let at = now()
        let job = ImportJob(
            id: UUID.random(), appId: app.id, operatorName: name, reason: reason, dryRun: dryRun, total: rows.count, createdAt: at)
        try await store.write { tx in
            try await tx.insertImportJob(job, rows: rows)
            try await tx.append(
                AuditEvent(
                    customerId: nil, kind: "customers.import", actor: .operator(name), subject: "import:\(job.id.lowercasedString)",
                    details: [
                        "rows": String(rows.count), "invalid": String(parsed.invalid.count), "dryRun": String(dryRun),
                        "format": format.rawValue,
                    ], appId: app.id, reason: reason, createdAt: at))
        }
        return job
    }

    /// Runs the job's rows without an outcome, from its watermark, until none is left (or after
    /// `batches` batches); then marks it finished (audited with its counts). Cancelling stops it
    /// between rows: a row is applied with its outcome or not at all, and the next run continues
    /// where this one stopped.
    @discardableResult
    package func run(_ id: UUID, batches: Int = .max) async throws -> ImportJob {
        guard var job = try await store.read({ try await $0.importJob(id: id) }), job.appId == app.id else {
            throw StorekeeperError.notFound("no import job \(id.lowercasedString)")
        }
        var left = batches
        while job.status == .running, left > 0 {
            left -= 1
            try Task.checkCancellation()
            let rows = try await store.read { try await $0.pendingImportRows(jobId: id, from: job.watermark, limit: batch) }
            guard let last = rows.last else {
                try await finish(&job)
                break
            }
            let current = job
            try await withThrowingTaskGroup(of: Void.self) { group in
                var inFlight = 0
                for row in rows {
                    if inFlight == concurrency {
                        try await group.next()
                        inFlight -= 1
                    }
                    group.addTask { try await self.process(row, of: current) }
                    inFlight += 1
                }
                try await group.waitForAll()
            }
            job.watermark = last.ordinal + 1
            try await store.write { try await $0.advanceImportJob(id: id, watermark: job.watermark, status: .running, at: now()) }
        }
        return job
    }

    private func finish(_ job: inout ImportJob) async throws {
        let counts = try await store.read { try await $0.importOutcomeCounts(jobId: job.id) }
        let at = now()
        let finished = job
        try await store.write { tx in
            try await tx.advanceImportJob(id: finished.id, watermark: finished.total, status: .finished, at: at)
            var details = Dictionary(uniqueKeysWithValues: ImportOutcome.allCases.map { ($0.rawValue, String(counts[$0] ?? 0)) })
            details["dryRun"] = String(finished.dryRun)
            try await tx.append(
                AuditEvent(
                    customerId: nil, kind: "customers.imported", actor: .operator(finished.operatorName),
                    subject: "import:\(finished.id.lowercasedString)", details: details, appId: finished.appId,
                    reason: finished.reason, createdAt: at))
        }
        job.watermark = job.total
        job.status = .finished
        job.updatedAt = at
    }
}
