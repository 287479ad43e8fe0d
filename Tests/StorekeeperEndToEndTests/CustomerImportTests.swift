import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperLocal
import StorekeeperStore
import Testing

/// Importing an existing customer base end to end against the simulator: 10,000 customers from a
/// CSV with bad rows, duplicates, unknown ids and a customer whose Apple account is already
/// another's; stopped at half and resumed without applying a row twice; run again as a no-op.
@Suite struct CustomerImportTests {
    static let customers = 10_000

    /// The file and what each kind of row is.
    struct File {
        var text = "customerId,transactionId,originalTransactionId,appTransactionId\n"
        var line = 1
        var invalidLines: [Int] = []
        var duplicates = 0
        var unknown = 0
        var conflictLine = 0

        mutating func add(_ row: String) -> Int {
            text += row + "\n"
            line += 1
            return line
        }
    }

    @Test(arguments: NotificationBackend.all)
    func tenThousandCustomersResumedAfterAStopAndRunAgain(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend, configure: { $0.policy = AppPolicy(transfer: .keep) }) { h in
            // Storekeeper must learn of these purchases from the import alone: Apple sends none.
            var silent = try #require(h.simulator.snapshot().apps[DemoCatalog.bundleId])
            silent.productionNotificationURL = nil
            silent.sandboxNotificationURL = nil
            _ = try h.simulator.configureApp(silent)
            var file = File()
            let accounts = (0..<Self.customers).map { "a\($0)-\(h.tag)" }
            try h.simulator.upsertAccounts(accounts.map { SimulatedAccount(id: $0) })
            // Customer 0 holds a non-consumable, whose owner the policy keeps; the others gems.
            _ = try await h.simulator.purchase(
                PurchaseRequest(accountId: accounts[0], bundleId: DemoCatalog.bundleId, productId: DemoCatalog.removeAds))
            _ = try await h.simulator.seedPurchases(
                Self.customers - 1, accountIds: Array(accounts.dropFirst()), bundleId: DemoCatalog.bundleId,
                productId: DemoCatalog.gems, spacingMilliseconds: 0)
            let byAccount = Dictionary(
                h.simulator.snapshot().transactions.values.map { ($0.accountId, $0.payload.transactionId ?? "") },
                uniquingKeysWith: { first, _ in first })
            let transactions = try accounts.map { try #require(byAccount[$0]) }
            for (index, id) in transactions.enumerated() {
                // Every third row names the purchase by its original transaction, as a spreadsheet might.
                _ = file.add(index % 3 == 0 ? "\(h.customer("c\(index)")),,\(id)," : "\(h.customer("c\(index)")),\(id),,")
                if index % 2_000 == 1 {
                    _ = file.add("\(h.customer("c\(index)")),\(id),,")
                    file.duplicates += 1
                }
                if index % 4_000 == 7 {
                    file.invalidLines.append(file.add("\(h.customer("c\(index)")),,,"))
                    file.invalidLines.append(file.add("bad customer!,\(id),,"))
                    file.invalidLines.append(file.add("\"unclosed,\(id),,"))
                    file.invalidLines.append(file.add("\(h.customer("x\(index)")),\(id),\(id),"))
                    file.invalidLines.append(file.add(",\(id),,"))
                    file.invalidLines.append(file.add("\(h.customer("y\(index)")),12ab,,"))
                    _ = file.add("\(h.customer("u\(index)")),9\(index)00000000000,,")
                    file.unknown += 1
                }
            }
            // Customer 0's Apple account, named again for someone else after customer 0's row.
            file.conflictLine = file.add("\(h.customer("intruder")),\(transactions[0]),,")
            let validRows = Self.customers + file.duplicates + file.unknown + 1

            var configured = try h.job(ImportJobProcessor.self).importer
            configured.concurrency = 32
            configured.batch = 512
            let importer = configured
            let feed = EventFeed(store: h.store, app: importer.app)

            // A dry run of the first rows predicts without writing.
            let head = file.text.split(separator: "\n").prefix(101).joined(separator: "\n")
            let dry = try await importer.start(head, format: .csv, dryRun: true, operator: "ops", reason: "rehearsal")
            try await importer.run(dry.id)
            let predicted = try await importer.report(dry.id)
            #expect(predicted.counts.imported >= 90 && predicted.counts.failed == 0, "\(predicted.counts)")
            #expect(try await h.view(h.customer("c1")).balances["gems"] == nil, "a dry run writes nothing")

            let requestsBefore = Self.requests(h.simulator)
            let job = try await importer.start(file.text, format: .csv, dryRun: false, operator: "ops", reason: "moving in")
            #expect(job.total == validRows + file.invalidLines.count)

            // Stopped at half, as a crash would stop it.
            let first = Task { try await importer.run(job.id) }
            try await SimulatorClockTests.eventually("half the rows are done", within: .seconds(600)) {
                try await h.store.read { try await $0.importOutcomeCounts(jobId: job.id) }.values.reduce(0, +) >= job.total / 2
            }
            first.cancel()
            _ = await first.result
            let stopped = try #require(try await h.store.read { try await $0.importJob(id: job.id) })
            #expect(stopped.status == .running)
            let doneAtStop = try await h.store.read { try await $0.importOutcomeCounts(jobId: job.id) }.values.reduce(0, +)
            #expect(doneAtStop < job.total, "stopped midway")

            let finished = try await importer.run(job.id)
            #expect(finished.status == .finished)
            let report = try await importer.report(job.id)
            #expect(report.done == report.total)
            #expect(report.counts.imported == Self.customers, "\(report.counts)")
            #expect(report.counts.alreadyKnown == file.duplicates)
            #expect(report.counts.unknownAtApple == file.unknown)
            #expect(report.counts.ownershipConflict == 1)
            #expect(report.counts.invalid == file.invalidLines.count)
            #expect(report.counts.failed == 0, "\(report.problems.filter { $0.outcome == "failed" }.prefix(3))")
            #expect(report.problems.filter { $0.outcome == "invalid" }.map(\.line) == file.invalidLines)
            let conflict = try #require(report.problems.first { $0.outcome == "ownershipConflict" })
            #expect(conflict.line == file.conflictLine)
            #expect(conflict.detail == "owned by \(h.customer("c0").rawValue)")

            // Each gems purchase was credited once: the ledger in the feed.
            #expect(try await Self.count("ledger.posted", in: feed) == Self.customers - 1)
            #expect(try await h.view(h.customer("c\(Self.customers - 1)")).balances["gems"] == 100)
            #expect(try await h.store.read { try await $0.grants(customerId: h.customer("intruder")) }.isEmpty)

            let requestsStoppedAndResumed = Self.requests(h.simulator) - requestsBefore

            // Again: nothing new.
            let again = try await importer.start(file.text, format: .csv, dryRun: false, operator: "ops", reason: "once more")
            try await importer.run(again.id)
            // An uninterrupted run's calls to Apple: the stopped and resumed run made no more but for
            // the rows in flight when it stopped (each asked again, in each environment at most).
            let requestsOnce = Self.requests(h.simulator) - requestsBefore - requestsStoppedAndResumed
            #expect(requestsStoppedAndResumed >= requestsOnce)
            #expect(
                requestsStoppedAndResumed <= requestsOnce + 2 * importer.concurrency, "\(requestsStoppedAndResumed) against \(requestsOnce)"
            )
            let rerun = try await importer.report(again.id)
            #expect(rerun.counts.imported == 0, "\(rerun.counts)")
            #expect(rerun.counts.alreadyKnown == Self.customers + file.duplicates)
            #expect(rerun.counts.ownershipConflict == 1 && rerun.counts.unknownAtApple == file.unknown)
            #expect(try await Self.count("ledger.posted", in: feed) == Self.customers - 1)
            let audited = try await h.store.read {
                try await $0.auditEvents(appId: importer.app.id, actor: .operator("ops"), kind: nil, before: nil, limit: 20)
            }
            #expect(audited.filter { $0.kind == "customers.import" }.map(\.reason) == ["once more", "moving in", "rehearsal"])
            #expect(audited.filter { $0.kind == "customers.imported" }.count == 3)
        }
    }

    /// Server API requests the simulator received so far (its log keeps only the latest, its
    /// sequence counts them all).
    static func requests(_ simulator: AppStoreSimulator) -> Int {
        simulator.receivedRequests().last?.sequence ?? 0
    }

    /// Events of `type` in the app's feed, read to its end by cursor.
    static func count(_ type: String, in feed: EventFeed) async throws -> Int {
        var cursor = FeedCursor.start
        var count = 0
        while true {
            let page = try await feed.page(after: cursor, since: nil, limit: 1_000)
            count += page.filter { $0.event.type == type }.count
            guard let last = page.last else { return count }
            cursor = last.cursor
        }
    }
}
