import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// Runs the app's import jobs in the background (`POST /v1/admin/apps/{app}/imports` only
/// stores them): one job at a time per instance, under a lease per job so two instances do not
/// run one job at once; a few batches a pass, the lease renewed each pass. After a crash another
/// pass (on any instance, once the lease lapses) continues from the job's watermark.
public struct ImportJobProcessor: PeriodicJob {
    package let importer: CustomerImport
    package let instance: String
    /// Batches a pass runs before it renews its lease.
    package let batchesPerPass = 4
    package let leaseMilliseconds: Int64 = 5 * 60_000

    package init(importer: CustomerImport, instance: String) {
        self.importer = importer
        self.instance = instance
    }

    public var name: String { "imports.\(importer.app.id)" }

    public func runOnce() async throws -> Bool {
        let store = importer.store
        guard let job = try await store.read({ try await $0.runningImportJobs(appIds: [importer.app.id], limit: 1) }).first else {
            return false
        }
        let now = importer.now()
        let leased = try await store.write {
            try await $0.acquireLease(
                "import.\(job.id.lowercasedString)", owner: instance, until: now.adding(milliseconds: leaseMilliseconds),
                now: now)
        }
        guard leased else { return false }
        let after = try await importer.run(job.id, batches: batchesPerPass)
        return after.status == .running
    }
}
