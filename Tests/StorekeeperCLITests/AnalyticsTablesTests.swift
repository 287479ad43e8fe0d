import Foundation
import StorekeeperAPIModels
import Testing

@testable import storekeeper

/// `storekeeper analytics summary|cohorts` parse their range and segments and print the admin
/// API's answers as tables for a terminal.
@Suite struct AnalyticsTablesTests {
    @Test func theCommandsParse() throws {
        let summary = try #require(
            try StorekeeperCommand.parseAsRoot([
                "analytics", "summary", "--from", "2025-01", "--to", "2025-12", "--storefront", "USA", "--format", "csv",
            ]) as? AnalyticsCommand.Summary)
        #expect(summary.query.parameters(csv: true)["storefront"] == "USA")
        #expect(summary.query.parameters(csv: true)["format"] == "csv")
        #expect(summary.query.parameters(csv: false)["format"] == .some(nil))
        let cohorts = try #require(
            try StorekeeperCommand.parseAsRoot(["analytics", "cohorts", "--product", "pro.monthly", "--offer", "introductory"])
                as? AnalyticsCommand.Cohorts)
        #expect(cohorts.query.product == "pro.monthly" && cohorts.query.offer == "introductory")
        #expect(throws: (any Error).self) { try StorekeeperCommand.parseAsRoot(["analytics", "summary", "--format", "xml"]) }
    }

    @Test func theSummaryPrintsEachMonthAndTheTotals() {
        func figures(_ month: String?, active: Int64, mrr: Int64, churned: Int64, churnRate: Double?) -> AnalyticsFiguresBody {
            AnalyticsFiguresBody(
                month: month, activeSubscribers: active, activeTrials: 1, mrr: [AnalyticsMoney(currency: "USD", amount: mrr)],
                arr: [AnalyticsMoney(currency: "USD", amount: mrr * 12)], startingSubscribers: 4, newSubscribers: 2, reactivations: 1,
                churned: churned, trialsStarted: 2, trialsConverted: 1, introsStarted: 0, introsConverted: 0, payments: 5, refunds: 1,
                revenue: [], churnRate: churnRate, trialConversion: 0.5, introConversion: nil, refundRate: 0.2)
        }
        let summary = AnalyticsSummaryResponse(
            appId: "demo", environment: "Production", from: "2025-11", to: "2025-12", asOf: "2025-12-31", filter: AnalyticsFilterBody(),
            months: [
                figures("2025-11", active: 4, mrr: 19_960, churned: 0, churnRate: 0),
                figures("2025-12", active: 5, mrr: 24_950, churned: 1, churnRate: 0.25),
            ],
            totals: figures(nil, active: 5, mrr: 24_950, churned: 1, churnRate: 0.125))
        let lines = AnalyticsCommand.Summary.table(summary).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("MONTH"))
        #expect(lines[2].hasPrefix("2025-12") && lines[2].contains("24.95 USD") && lines[2].contains("25.0%") && lines[2].contains("1/5"))
        #expect(lines[3].hasPrefix("total") && lines[3].contains("12.5%"))
        #expect(lines[4] == "as of 2025-12-31 (UTC); money in currency units")
    }

    @Test func theCohortsPrintRetentionAndLifetimeValuePerAge() {
        let response = AnalyticsCohortsResponse(
            appId: "demo", environment: "Production", from: "2025-11", to: "2025-12", asOf: "2025-12-31", filter: AnalyticsFilterBody(),
            cohorts: [
                AnalyticsCohortBody(
                    month: "2025-11", subscribers: 4,
                    ages: [
                        AnalyticsCohortCellBody(
                            age: 0, retained: 4, retention: 1, revenue: [AnalyticsMoney(currency: "USD", amount: 19_960)],
                            lifetimeValue: [AnalyticsMoney(currency: "USD", amount: 4_990)]),
                        AnalyticsCohortCellBody(
                            age: 1, retained: 3, retention: 0.75, revenue: [AnalyticsMoney(currency: "USD", amount: 34_930)],
                            lifetimeValue: [AnalyticsMoney(currency: "USD", amount: 8_732)]),
                    ]),
                AnalyticsCohortBody(
                    month: "2025-12", subscribers: 0,
                    ages: [AnalyticsCohortCellBody(age: 0, retained: 0, retention: nil, revenue: [], lifetimeValue: [])]),
            ])
        let lines = AnalyticsCommand.Cohorts.table(response).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("COHORT") && lines[0].hasSuffix("M1"))
        #expect(lines[1].hasPrefix("2025-11") && lines[1].contains("100.0% 4.99 USD") && lines[1].hasSuffix("75.0% 8.73 USD"))
        #expect(lines[2].hasPrefix("2025-12") && lines[2].contains("-"))
    }
}
