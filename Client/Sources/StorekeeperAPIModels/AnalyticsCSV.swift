import Foundation

/// The analytics as CSV (`format=csv`): one header line, then one line per month (summary) or
/// per cohort and age (cohorts); money in milliunits with one column per currency present,
/// rates as decimals. Fields quoted as RFC 4180 says.
extension AnalyticsSummaryResponse {
    public func csv() -> String {
        let currencies = Set(months.flatMap { $0.mrr.map(\.currency) + $0.revenue.map(\.currency) }).sorted()
        let header =
            [
                "month", "activeSubscribers", "activeTrials", "startingSubscribers", "newSubscribers", "reactivations", "churned",
                "churnRate", "trialsStarted", "trialsConverted", "trialConversion", "introsStarted", "introsConverted",
                "introConversion", "payments", "refunds", "refundRate",
            ] + currencies.flatMap { ["mrr_\($0)", "arr_\($0)", "revenue_\($0)"] }
        var lines = [AnalyticsCSV.line(header)]
        for month in months {
            let counts = [
                month.activeSubscribers, month.activeTrials, month.startingSubscribers, month.newSubscribers, month.reactivations,
                month.churned,
            ].map(String.init)
            let fields =
                [month.month ?? ""] + counts
                + [
                    AnalyticsCSV.rate(month.churnRate), String(month.trialsStarted), String(month.trialsConverted),
                    AnalyticsCSV.rate(month.trialConversion), String(month.introsStarted), String(month.introsConverted),
                    AnalyticsCSV.rate(month.introConversion), String(month.payments), String(month.refunds),
                    AnalyticsCSV.rate(month.refundRate),
                ]
                + currencies.flatMap { currency in
                    [month.mrr, month.arr, month.revenue].map { AnalyticsCSV.amount($0, currency) }
                }
            lines.append(AnalyticsCSV.line(fields))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}

extension AnalyticsCohortsResponse {
    public func csv() -> String {
        let currencies = Set(cohorts.flatMap { $0.ages.flatMap { $0.revenue.map(\.currency) } }).sorted()
        let header =
            ["cohort", "subscribers", "age", "retained", "retention"]
            + currencies.flatMap { ["revenue_\($0)", "lifetimeValue_\($0)"] }
        var lines = [AnalyticsCSV.line(header)]
        for cohort in cohorts {
            for cell in cohort.ages {
                let fields =
                    [cohort.month, String(cohort.subscribers), String(cell.age), String(cell.retained), AnalyticsCSV.rate(cell.retention)]
                    + currencies.flatMap { [AnalyticsCSV.amount(cell.revenue, $0), AnalyticsCSV.amount(cell.lifetimeValue, $0)] }
                lines.append(AnalyticsCSV.line(fields))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}

enum AnalyticsCSV {
    static func line(_ fields: [String]) -> String { fields.map(FeedEventBody.csvField).joined(separator: ",") }

    static func rate(_ value: Double?) -> String { value.map { String(format: "%.6f", $0) } ?? "" }

    static func amount(_ money: [AnalyticsMoney], _ currency: String) -> String {
        String(money.first { $0.currency == currency }?.amount ?? 0)
    }
}
