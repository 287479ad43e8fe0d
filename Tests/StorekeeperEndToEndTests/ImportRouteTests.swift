import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperLocal
import Testing

/// The import over the admin API: the file is stored as a job (its refused lines counted at once),
/// the background job runs it, and the report is read back; admins only.
@Suite struct ImportRouteTests {
    @Test(arguments: NotificationBackend.all)
    func aJobPostedIsRunInTheBackgroundAndReported(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let admin = try await h.adminClient(.admin)
            let support = try await h.adminClient(.support)
            let kim = h.customer("kim")
            let bought = try await h.buy(kim, account: try h.account("kim"), DemoCatalog.gems, submit: false)
            let id = try #require(bought.transaction.transactionId)
            let csv = "customerId,transactionId\n\(kim.rawValue),\(id)\n\(h.customer("ann").rawValue),12x\n"
            let body: [String: Any] = ["format": "csv", "content": csv, "reason": "moving in"]
            #expect(try await support.post("/imports", body).status == 403)
            #expect(try await admin.post("/imports", ["format": "xml", "content": csv, "reason": "x"]).status == 400)
            #expect(try await admin.post("/imports", ["format": "csv", "content": csv, "reason": " "]).status == 400)

            let created = try await admin.post("/imports", body)
            #expect(created.status == 202, "\(String(decoding: created.body, as: UTF8.self))")
            let job = try created.decode(ImportJobBody.self)
            #expect(job.status == "running" && job.total == 2 && job.counts.invalid == 1)
            #expect(job.problems.map(\.line) == [3])

            let processor = try h.job(ImportJobProcessor.self)
            while try await processor.runOnce() {}
            let report = try await admin.get("/imports/\(job.id)").decode(ImportJobBody.self)
            #expect(report.status == "finished" && report.done == 2)
            #expect(report.counts.imported + report.counts.alreadyKnown == 1, "\(report.counts)")
            #expect(try await h.view(kim).balances["gems"] == 100)
            #expect(try await admin.get("/imports/\(UUID().uuidString)").status == 404)
        }
    }
}
