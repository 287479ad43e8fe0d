import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

extension PurchaseStoreContract {
    static let importJobCases: [StoreContractCase] = [
        StoreContractCase("import jobs: rows pending from the watermark, each outcome written once, counts") { context throws in
            let store = context.store
            let job = ImportJob(
                id: UUID.random(), appId: "shop", operatorName: "ops", reason: "moving in", dryRun: false, total: 450,
                createdAt: StoreFixtures.at(1))
            let rows = (0..<450).map { index in
                index == 3
                    ? ImportJobRow(
                        ordinal: index, line: index + 2, customerId: nil, kind: nil, value: nil, outcome: .invalid, detail: "malformed")
                    : ImportJobRow(
                        ordinal: index, line: index + 2, customerId: "c\(index)", kind: "transactionId", value: "\(2_000_000 + index)")
            }
            try await store.write { try await $0.insertImportJob(job, rows: rows) }
            try await store.read { tx throws in
                #expect(try await tx.importJob(id: job.id) == job)
                #expect(try await tx.runningImportJobs(appIds: ["shop"], limit: 5).map(\.id) == [job.id])
                #expect(try await tx.runningImportJobs(appIds: ["other"], limit: 5).isEmpty)
                let pending = try await tx.pendingImportRows(jobId: job.id, from: 0, limit: 5)
                #expect(pending.map(\.ordinal) == [0, 1, 2, 4, 5])
                #expect(pending.first?.row == ImportRow(line: 2, customerId: "c0", identifier: .transactionId("2000000")))
            }
            #expect(try await store.write { try await $0.recordImportOutcome(jobId: job.id, ordinal: 0, outcome: .imported, detail: nil) })
            #expect(
                try await store.write {
                    try await $0.recordImportOutcome(jobId: job.id, ordinal: 0, outcome: .alreadyKnown, detail: "again")
                } == false)
            _ = try await store.write {
                try await $0.recordImportOutcome(jobId: job.id, ordinal: 2, outcome: .ownershipConflict, detail: "owned by c9")
            }
            try await store.write { try await $0.advanceImportJob(id: job.id, watermark: 3, status: .running, at: StoreFixtures.at(2)) }
            try await store.write { try await $0.advanceImportJob(id: job.id, watermark: 1, status: .running, at: StoreFixtures.at(3)) }
            try await store.read { tx throws in
                #expect(try await tx.importJob(id: job.id)?.watermark == 3, "the watermark never moves back")
                #expect(try await tx.pendingImportRows(jobId: job.id, from: 0, limit: 2).map(\.ordinal) == [1, 4])
                #expect(try await tx.importOutcomeCounts(jobId: job.id) == [.imported: 1, .ownershipConflict: 1, .invalid: 1])
                let problems = try await tx.importRows(jobId: job.id, outcomes: [.invalid, .ownershipConflict], after: -1, limit: 10)
                #expect(problems.map(\.ordinal) == [2, 3])
                #expect(problems.first?.detail == "owned by c9")
            }
            try await store.write { try await $0.advanceImportJob(id: job.id, watermark: 450, status: .finished, at: StoreFixtures.at(4)) }
            #expect(try await store.read { try await $0.runningImportJobs(appIds: ["shop"], limit: 5) }.isEmpty)
        }
    ]
}
