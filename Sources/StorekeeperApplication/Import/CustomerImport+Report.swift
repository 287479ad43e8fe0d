import AppStoreModels
package import Foundation
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperStore

extension CustomerImport {
    /// The most problem rows a report lists.
    package static let problemLimit = 1_000

    /// The job of this app with its counts and its first problem rows.
    package func report(_ id: UUID) async throws -> ImportJobBody {
        try await store.read { tx in
            guard let job = try await tx.importJob(id: id), job.appId == app.id else {
                throw StorekeeperError.notFound("no import job \(id.lowercasedString)")
            }
            let counts = try await tx.importOutcomeCounts(jobId: id)
            let problems = try await tx.importRows(
                jobId: id, outcomes: [.invalid, .unknownAtApple, .ownershipConflict, .failed], after: -1, limit: Self.problemLimit)
            return ImportJobBody(
                id: job.id.lowercasedString, status: job.status.rawValue, dryRun: job.dryRun, total: job.total,
                done: counts.values.reduce(0, +),
                counts: ImportCountsBody(
                    imported: counts[.imported] ?? 0, alreadyKnown: counts[.alreadyKnown] ?? 0,
                    unknownAtApple: counts[.unknownAtApple] ?? 0, ownershipConflict: counts[.ownershipConflict] ?? 0,
                    invalid: counts[.invalid] ?? 0, failed: counts[.failed] ?? 0),
                problems: problems.map {
                    ImportProblemBody(line: $0.line, outcome: $0.outcome?.rawValue ?? "", customerId: $0.customerId, detail: $0.detail)
                },
                createdAt: job.createdAt.millisecondsSince1970, updatedAt: job.updatedAt.millisecondsSince1970)
        }
    }
}
