import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

extension PurchaseStoreContract {
    static let analyticsCases: [StoreContractCase] = [
        StoreContractCase(
            "analytics: level changes read per day and per month, flows per month, cohort cells per cohort; sums across spread keys; per app"
        ) { context in
            let store = context.store
            let march = try #require(FigureDay(iso: "2026-03-01"))
            let april = try #require(FigureDay(iso: "2026-04-01"))
            let usa = AnalyticsSegment(productId: "pro", storefront: "USA", offer: "")
            let trial = AnalyticsSegment(productId: "pro", storefront: "USA", offer: "introductory")
            let japan = AnalyticsSegment(productId: "pro", storefront: "JPN", offer: "promotional:loyal50")
            func key(
                _ metric: AnalyticsMetric, _ day: FigureDay, _ segment: AnalyticsSegment, age: Int = 0, _ dimension: String = "",
                environment: AppStoreEnvironment = .production
            ) -> AnalyticsKey {
                AnalyticsKey(environment: environment, metric: metric, day: day, age: age, segment: segment, dimension: dimension)
            }
            var first = AnalyticsMoves()
            first.add(1, to: key(.activeSubscribers, march.adding(days: -20), usa))  // February
            first.add(4_990, to: key(.mrr, march.adding(days: -20), usa, "USD"))
            first.add(1, to: key(.activeTrials, march.adding(days: 9), trial))  // March 10
            first.add(-1, to: key(.activeTrials, march.adding(days: 16), trial))
            first.add(1, to: key(.trialsStarted, march, trial))
            first.add(1, to: key(.newSubscribers, march, trial))
            first.add(1, to: key(.cohortSubscribers, march, trial))
            first.add(1, to: key(.cohortRetained, march, trial, age: 0))
            first.add(1, to: key(.cohortRetained, march, trial, age: 1))
            first.add(4_990, to: key(.cohortRevenue, march, trial, age: 1, "USD"))
            var second = AnalyticsMoves()
            second.add(1, to: key(.activeSubscribers, march.adding(days: 4), japan))
            second.add(1_100, to: key(.mrr, march.adding(days: 4), japan, "JPY"))
            second.add(-1, to: key(.activeSubscribers, april.adding(days: 4), japan))  // April 5
            second.add(-1_100, to: key(.mrr, april.adding(days: 4), japan, "JPY"))
            second.add(1, to: key(.newSubscribers, march, japan))
            second.add(1, to: key(.churned, april, japan))
            second.add(1, to: key(.cohortSubscribers, march, trial))
            second.add(1, to: key(.cohortRetained, march, trial, age: 1))
            second.add(3_000, to: key(.cohortRevenue, march, trial, age: 1, "USD"))
            var sandbox = AnalyticsMoves()
            sandbox.add(7, to: key(.newSubscribers, march, usa, environment: .sandbox))
            try await store.write { tx in
                try await tx.addAnalytics(appId: "app-a", first, spreadKey: "1000")
                try await tx.addAnalytics(appId: "app-a", second, spreadKey: "2000")
                try await tx.addAnalytics(appId: "app-a", sandbox, spreadKey: "1000")
                try await tx.addAnalytics(appId: "app-b", first, spreadKey: "1000")
                try await tx.addAnalytics(appId: "app-a", AnalyticsMoves(), spreadKey: "3000")
            }
            func described(_ totals: [AnalyticsTotal]) -> Set<String> {
                Set(
                    totals.filter { $0.value != 0 }.map {
                        "\($0.metric)@\($0.day)+\($0.age) \($0.segment.storefront)/\($0.segment.offer)/\($0.dimension)=\($0.value)"
                    })
            }
            // Before March: February's changes; days and months of March; April's month.
            let opening = try await store.read { try await $0.analyticsLevels(appId: "app-a", environment: .production, before: march) }
            #expect(described(opening) == ["activeSubscribers@2026-02-28+0 USA//=1", "mrr@2026-02-28+0 USA//USD=4990"])
            let months = try await store.read {
                try await $0.analyticsMonths(appId: "app-a", environment: .production, months: march...april)
            }
            #expect(
                described(months) == [
                    "activeSubscribers@2026-03-01+0 JPN/promotional:loyal50/=1", "mrr@2026-03-01+0 JPN/promotional:loyal50/JPY=1100",
                    "trialsStarted@2026-03-01+0 USA/introductory/=1", "newSubscribers@2026-03-01+0 USA/introductory/=1",
                    "newSubscribers@2026-03-01+0 JPN/promotional:loyal50/=1",
                    "activeSubscribers@2026-04-01+0 JPN/promotional:loyal50/=-1", "mrr@2026-04-01+0 JPN/promotional:loyal50/JPY=-1100",
                    "churned@2026-04-01+0 JPN/promotional:loyal50/=1",
                ])
            let days = try await store.read {
                try await $0.analyticsDays(appId: "app-a", environment: .production, days: march...march.adding(days: 9))
            }
            #expect(
                described(days) == [
                    "activeSubscribers@2026-03-05+0 JPN/promotional:loyal50/=1", "mrr@2026-03-05+0 JPN/promotional:loyal50/JPY=1100",
                    "activeTrials@2026-03-10+0 USA/introductory/=1",
                ])
            let cohorts = try await store.read {
                try await $0.analyticsCohorts(appId: "app-a", environment: .production, cohorts: march...april)
            }
            #expect(
                described(cohorts) == [
                    "cohortSubscribers@2026-03-01+0 USA/introductory/=2", "cohortRetained@2026-03-01+0 USA/introductory/=1",
                    "cohortRetained@2026-03-01+1 USA/introductory/=2", "cohortRevenue@2026-03-01+1 USA/introductory/USD=7990",
                ])
            #expect(cohorts.allSatisfy { $0.segment.productId == "pro" })
            let sandboxMonths = try await store.read {
                try await $0.analyticsMonths(appId: "app-a", environment: .sandbox, months: march...march)
            }
            #expect(sandboxMonths.map(\.value) == [7])
            // Another app's analytics are its own, and clearing one app's figures leaves the other's.
            try await store.write { try await $0.clearFigures(appId: "app-a") }
            #expect(
                try await store.read { try await $0.analyticsMonths(appId: "app-a", environment: .production, months: march...april) }
                    .isEmpty)
            #expect(
                try await store.read { try await $0.analyticsCohorts(appId: "app-a", environment: .production, cohorts: march...april) }
                    .isEmpty)
            let other = try await store.read {
                try await $0.analyticsCohorts(appId: "app-b", environment: .production, cohorts: march...march)
            }
            #expect(described(other).count == 4)
        },
        StoreContractCase("analytics: text keys are kept exactly; a NUL is refused") { context in
            let store = context.store
            let month = try #require(FigureDay(iso: "2026-05-01"))
            let odd = AnalyticsSegment(productId: "prö,duct 'x'", storefront: "ÅLA", offer: "offerCode:SPRING \"25\"")
            var moves = AnalyticsMoves()
            moves.add(2, to: AnalyticsKey(environment: .production, metric: .payments, day: month, segment: odd))
            try await store.write { try await $0.addAnalytics(appId: "app-text", moves, spreadKey: "x") }
            let read = try await store.read {
                try await $0.analyticsMonths(appId: "app-text", environment: .production, months: month...month)
            }
            #expect(read == [AnalyticsTotal(metric: .payments, day: month, segment: odd, value: 2)])
            var bad = AnalyticsMoves()
            bad.add(
                1,
                to: AnalyticsKey(environment: .production, metric: .payments, day: month, segment: AnalyticsSegment(productId: "a\u{0}b")))
            let refused = await #expect(throws: PurchaseStoreError.self) {
                try await store.write { try await $0.addAnalytics(appId: "app-text", bad, spreadKey: "x") }
            }
            #expect(refused?.code == .nulInText)
            #expect(
                try await store.read { try await $0.analyticsMonths(appId: "app-text", environment: .production, months: month...month) }
                    == read)
        },
    ]
}
