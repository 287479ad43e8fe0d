import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperLocal
import Testing

/// A simulated year against the simulator: trials (converted and not), a paid introductory
/// offer, an upgrade, refunds, churn and reactivations over several customers and storefronts.
/// The analytics the rollups answer equal the figures computed plainly from the simulator's own
/// records (``AnalyticsReference``), month by month and cohort by cohort; replaying every fact
/// and rebuilding the rollups change nothing.
@Suite struct AnalyticsYearTests {
    /// 2025-01-01 10:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_735_725_600)
    static let day: Int64 = 86_400_000

    @Test(arguments: E2EBackend.all)
    func aSimulatedYearEqualsTheFiguresOfTheRawRecords(_ backend: E2EBackend) async throws {
        try await E2E.run(backend, configure: { $0.start = Self.start }) { e2e in
            let simulator = e2e.simulator
            var accounts: [String: (customer: String, account: String)] = [:]
            var originals: [String: String] = [:]
            func subscribe(
                _ name: String, _ product: String, storefront: String = "USA", offer: PurchaseOffer? = nil
            ) async throws {
                let customer = e2e.customer(name)
                let account = try e2e.appleAccount("apple-\(name)-\(e2e.tag)")
                accounts[name] = (customer, account)
                let order = try await e2e.createOrder(customer, product: product)
                let bought = try await simulator.purchase(
                    PurchaseRequest(
                        accountId: account, bundleId: DemoCatalog.bundleId, productId: product, appAccountToken: order.appAccountToken,
                        storefront: storefront, offer: offer))
                #expect(try await e2e.submit(customer, signedTransaction: bought.signedTransaction).status == 200)
                let id = try #require(bought.transaction.originalTransactionId)
                originals[name] = id
            }
            // An unknown name is an empty ID, which the simulator refuses (failing the test).
            func original(_ name: String) -> String { originals[name, default: ""] }
            func latest(_ name: String) -> String {
                simulator.subscription(originalTransactionId: original(name))?.latestTransactionId ?? ""
            }
            let trial = PurchaseOffer(kind: .introductory)
            let script: [Int: () async throws -> Void] = [
                0: {
                    try await subscribe("alice", DemoCatalog.monthly, offer: trial)
                    try await subscribe("bob", DemoCatalog.monthly, storefront: "GBR", offer: trial)
                },
                2: { try await simulator.setAutoRenew(originalTransactionId: original("bob"), enabled: false) },
                10: { try await subscribe("carol", DemoCatalog.monthly) },
                20: { try await subscribe("dave", DemoCatalog.yearly, offer: trial) },
                40: { try await subscribe("erin", DemoCatalog.monthly, storefront: "CHN") },
                50: {
                    _ = try await simulator.changeRenewalPreference(
                        originalTransactionId: original("carol"), productId: DemoCatalog.proMonthly)
                },
                72: { try await simulator.refund(transactionId: latest("erin"), reason: .appIssue) },
                100: { try await subscribe("bob", DemoCatalog.monthly, storefront: "GBR") },
                130: { try await subscribe("frank", DemoCatalog.monthly) },
                150: { try await simulator.setAutoRenew(originalTransactionId: original("frank"), enabled: false) },
                200: { try await subscribe("erin", DemoCatalog.monthly, storefront: "CHN") },
                250: { try await subscribe("gina", DemoCatalog.monthly, storefront: "JPN", offer: trial) },
                300: { try await simulator.refund(transactionId: latest("alice"), reason: .other) },
            ]
            // From one step to the next in one advance: the simulator runs every renewal and
            // expiry due meanwhile in time order.
            let days = script.keys.sorted() + [365]
            for (index, day) in days.enumerated() {
                if let step = script[day] { try await step() }
                if index + 1 < days.count { try await simulator.advance(byMilliseconds: Int64(days[index + 1] - day) * Self.day) }
            }

            let service = AnalyticsService(store: e2e.store, appId: e2e.stack.app.id, now: simulator.simulatedTime)
            let query = try AnalyticsService.query(
                from: "2025-01", to: "2025-12", environment: "Sandbox", product: nil, storefront: nil, offer: nil,
                today: FigureDay(containing: simulator.now()))
            let expected = try reference(simulator, originals: Set(originals.values), storefront: nil)
            let summary = try await service.summary(query)
            let cohorts = try await service.cohorts(query)
            #expect(summary.months.count == 12)
            try expect(summary, cohorts, equal: expected)

            let counted = expected.months.values.reduce(into: [String: Int64]()) { sums, month in
                for (name, count) in month.counts { sums[name, default: 0] += count }
            }
            for name in ["trialsStarted", "trialsConverted", "introsStarted", "introsConverted", "refunds", "churned", "reactivations"] {
                #expect(counted[name, default: 0] > 0, "the year has no \(name): the scenario does not cover it")
            }
            #expect(counted["trialsStarted"] != counted["trialsConverted"], "an unconverted trial is in the year")

            // One storefront alone: only erin's subscription (CNY).
            var china = query
            china.filter = AnalyticsFilter(storefront: "CHN")
            try expect(
                try await service.summary(china), try await service.cohorts(china),
                equal: try reference(simulator, originals: Set(originals.values), storefront: "CHN"))

            // Every transaction signed anew and submitted again: nothing moves.
            for (name, ids) in accounts {
                let records = simulator.snapshot().transactions.values.filter { $0.accountId == ids.account }
                for record in records {
                    let signed = try simulator.signedTransaction(id: try #require(record.payload.transactionId))
                    #expect(try await e2e.submit(ids.customer, signedTransaction: signed).status == 200, "\(name)")
                }
            }
            #expect(try await service.summary(query) == summary, "replayed facts moved the analytics")
            #expect(try await service.cohorts(query) == cohorts)

            // `storekeeper figures rebuild` computes the same rollups from the stored facts.
            _ = try await OverviewRebuild.rebuild(app: e2e.stack.app, includeUnlisted: false, in: e2e.store)
            #expect(try await service.summary(query) == summary, "the rebuilt rollups differ from the written ones")
            #expect(try await service.cohorts(query) == cohorts)
        }
    }

    /// The reference figures of the subscriptions `originals` (of one storefront when given).
    func reference(_ simulator: AppStoreSimulator, originals: Set<String>, storefront: String?) throws -> AnalyticsReference {
        let records = simulator.snapshot().transactions.values.map(\.payload).filter { record in
            originals.contains(record.originalTransactionId ?? "") && (storefront == nil || record.storefront == storefront)
        }
        let ended = Set(
            originals.filter { original in
                let phase = simulator.subscription(originalTransactionId: original)?.phase
                return phase == .expired || phase == .revoked
            })
        var lastDays: [String: Int64] = [:]
        for month in 1...12 {
            let first = try #require(FigureDay(year: 2025, month: month, day: 1))
            lastDays[first.description] = Int64(FigureMonths.month(1, after: first).adding(days: -1).daysSince1970)
        }
        let productMonths = [DemoCatalog.monthly: 1, DemoCatalog.proMonthly: 1, DemoCatalog.yearly: 12]
        return AnalyticsReference(transactions: records, ended: ended, lastDays: lastDays, productMonths: productMonths)
    }

    func expect(
        _ summary: AnalyticsSummary, _ table: CohortTable, equal reference: AnalyticsReference,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for month in summary.months {
            let expected = reference.months[month.month.description] ?? AnalyticsReference.Month()
            let counts = Dictionary(uniqueKeysWithValues: month.counts.map { ($0.key.rawValue, $0.value) })
            let actual = AnalyticsReference.Month(
                activeSubscribers: month.activeSubscribers, activeTrials: month.activeTrials, mrr: month.mrr, counts: counts,
                revenue: month.revenue)
            #expect(actual == expected, "\(month.month)", sourceLocation: sourceLocation)
        }
        for cohort in table.cohorts {
            let expected = reference.cohorts[cohort.month.description] ?? AnalyticsReference.CohortRow()
            #expect(cohort.subscribers == expected.subscribers, "cohort \(cohort.month)", sourceLocation: sourceLocation)
            var running: [String: Int64] = [:]
            for cell in cohort.cells {
                #expect(
                    cell.retained == expected.retained[cell.age, default: 0], "cohort \(cohort.month) age \(cell.age)",
                    sourceLocation: sourceLocation)
                for (currency, amount) in expected.revenue[cell.age] ?? [:] { running[currency, default: 0] += amount }
                #expect(cell.cumulativeRevenue == running, "cohort \(cohort.month) age \(cell.age)", sourceLocation: sourceLocation)
            }
        }
        #expect(table.cohorts.contains { $0.subscribers > 0 }, sourceLocation: sourceLocation)
    }
}
