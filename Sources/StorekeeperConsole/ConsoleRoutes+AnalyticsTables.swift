import Foundation
import StorekeeperAPIModels

/// The Analytics page's two tables, written whole like the charts' data (``ConsoleMarkup``): a
/// row per month, and the cohort table with one cell per age, shaded by its retention.
extension ConsoleRoutes {
    static func monthHeaders(_ currency: String) -> [String] {
        ["Month", "Paid subscribers", "Trials"] + (currency.isEmpty ? [] : ["MRR \(currency)"])
            + ["New", "Reactivated", "Churned", "Churn rate", "Trial conversion", "Intro conversion", "Refund rate"]
    }

    static func percent(_ rate: Double?) -> String { rate.map { String(format: "%.1f %%", $0 * 100) } ?? "—" }

    static func monthRows(_ summary: AnalyticsSummaryResponse, currency: String) -> String {
        var html = ""
        for month in summary.months.reversed() {
            let mrr = month.mrr.first { $0.currency == currency }?.amount ?? 0
            let cells =
                [String(month.activeSubscribers), String(month.activeTrials)]
                + (currency.isEmpty ? [] : [ConsoleFormat.milliunits(mrr, nil)])
                + [
                    String(month.newSubscribers), String(month.reactivations), String(month.churned), percent(month.churnRate),
                    percent(month.trialConversion), percent(month.introConversion), percent(month.refundRate),
                ]
            html += "<tr><th scope=\"row\">" + ConsoleMarkup.escape(month.month ?? "") + "</th>"
            html += cells.map { "<td>" + ConsoleMarkup.escape($0) + "</td>" }.joined() + "</tr>"
        }
        return html
    }

    static func cohortHeaders(_ response: AnalyticsCohortsResponse) -> [String] {
        let ages = response.cohorts.map(\.ages.count).max() ?? 0
        return ["Cohort", "Subscribers"] + (0..<ages).map { "Month \($0)" }
    }

    /// Each cell: the share still active, then the realised revenue per subscriber to date in
    /// `currency`; shaded in tenths of retention (`heat0`–`heat10`), the share written out too.
    static func cohortRows(_ response: AnalyticsCohortsResponse, currency: String) -> String {
        var html = ""
        for cohort in response.cohorts {
            html += "<tr><th scope=\"row\">" + ConsoleMarkup.escape(cohort.month) + "</th><td>\(cohort.subscribers)</td>"
            for cell in cohort.ages {
                let tenth = cell.retention.map { Int(($0 * 10).rounded()) } ?? 0
                let ltv = cell.lifetimeValue.first { $0.currency == currency }.map { ConsoleFormat.milliunits($0.amount, nil) }
                html += "<td class=\"heat heat\(min(max(tenth, 0), 10))\">" + ConsoleMarkup.escape(percent(cell.retention))
                if let ltv { html += "<br><span class=\"ltv\">" + ConsoleMarkup.escape(ltv) + "</span>" }
                html += "</td>"
            }
            html += "</tr>"
        }
        return html
    }
}
