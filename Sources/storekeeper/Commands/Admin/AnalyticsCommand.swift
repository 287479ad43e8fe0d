import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper analytics summary|cohorts`: the app's subscription analytics (MRR, subscribers,
/// churn, conversions, refunds, cohorts; `docs/ANALYTICS.md`) as a table, JSON or CSV.
struct AnalyticsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics", abstract: "Subscription analytics: monthly figures and cohorts.",
        subcommands: [Summary.self, Cohorts.self], defaultSubcommand: Summary.self)

    /// The range and segments both commands ask for.
    struct Query: ParsableArguments {
        @Option(help: "First month (YYYY-MM); 11 months before --to when absent.")
        var from: String?

        @Option(help: "Last month (YYYY-MM); this month when absent.")
        var to: String?

        @Option(help: "Production (default), Sandbox, Xcode or LocalTesting.")
        var environment: String?

        @Option(help: "Only this product's periods.")
        var product: String?

        @Option(help: "Only periods bought in this storefront (e.g. USA).")
        var storefront: String?

        @Option(help: "Only periods with this offer: introductory, promotional, offerCode, winBack, type:identifier, or none.")
        var offer: String?

        @Option(help: "table (default) or csv.")
        var format: AnalyticsFormat = .table

        func parameters(csv: Bool) -> [String: String?] {
            [
                "from": from, "to": to, "environment": environment, "product": product, "storefront": storefront, "offer": offer,
                "format": csv ? "csv" : nil,
            ]
        }

        /// Reads `route` of the app and prints it: the server's CSV or JSON as they come, else
        /// the decoded answer as `table` makes it.
        func print<Response: Decodable>(
            _ route: String, admin: AdminOptions, as response: Response.Type, table: (Response) -> String
        ) async throws {
            let csv = format == .csv && !admin.json
            let data = try await admin.client().get(try admin.appPath(route), query: parameters(csv: csv))
            if csv { return FileHandle.standardOutput.write(data) }
            if admin.json { return Swift.print(AdminClient.prettyJSON(data)) }
            Swift.print(table(try JSONDecoder().decode(Response.self, from: data)), terminator: "")
        }
    }

    enum AnalyticsFormat: String, ExpressibleByArgument, Sendable {
        case table, csv
    }

    struct Summary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary", abstract: "Per month: subscribers, MRR/ARR, new, churned, reactivated, conversions, refunds.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var query: Query

        func run() async throws {
            try await query.print("/analytics/summary", admin: admin, as: AnalyticsSummaryResponse.self, table: Self.table)
        }

        /// The months and the range's totals as a table, money in currency units.
        static func table(_ summary: AnalyticsSummaryResponse) -> String {
            var table = TextTable(["MONTH", "ACTIVE", "TRIALS", "MRR", "NEW", "REACTIVATED", "CHURNED", "CHURN", "TRIAL CONV", "REFUNDS"])
            for month in summary.months + [summary.totals] {
                table.append([
                    month.month ?? "total", String(month.activeSubscribers), String(month.activeTrials), Self.money(month.mrr),
                    String(month.newSubscribers), String(month.reactivations), String(month.churned), Self.percent(month.churnRate),
                    Self.percent(month.trialConversion), "\(month.refunds)/\(month.payments)",
                ])
            }
            return table.text + "as of \(summary.asOf) (UTC); money in currency units\n"
        }

        static func money(_ amounts: [AnalyticsMoney]) -> String {
            amounts.map(unitText).joined(separator: ", ")
        }

        static func percent(_ rate: Double?) -> String { rate.map { String(format: "%.1f%%", $0 * 100) } ?? "-" }

        /// Milliunits as currency units with two decimals: `49.99 GBP`.
        static func unitText(_ money: AnalyticsMoney) -> String {
            String(format: "%.2f", Double(money.amount) / 1000) + " " + money.currency
        }
    }

    struct Cohorts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cohorts", abstract: "Monthly cohorts: share still active and realised revenue per subscriber by month.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var query: Query

        func run() async throws {
            try await query.print("/analytics/cohorts", admin: admin, as: AnalyticsCohortsResponse.self, table: Self.table)
        }

        /// One row per cohort, one column per age: the share still active, then the realised
        /// revenue per subscriber to date in each currency.
        static func table(_ response: AnalyticsCohortsResponse) -> String {
            let ages = response.cohorts.map(\.ages.count).max() ?? 0
            var table = TextTable(["COHORT", "SUBSCRIBERS"] + (0..<ages).map { "M\($0)" })
            for cohort in response.cohorts {
                table.append(
                    [cohort.month, String(cohort.subscribers)]
                        + cohort.ages.map { cell in
                            ([Summary.percent(cell.retention)] + cell.lifetimeValue.map(Summary.unitText)).joined(separator: " ")
                        })
            }
            return table.text + "each cell: share still active, then realised revenue per subscriber to date (LTV)\n"
        }
    }
}
