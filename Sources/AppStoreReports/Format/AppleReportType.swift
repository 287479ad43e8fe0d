/// Which of the report types this module reads a file is, told from its header line (files
/// downloaded by hand or renamed carry no other sign of their type).
public enum AppleReportType: String, Sendable, Hashable, CaseIterable {
    /// Sales and Trends SALES / SUMMARY (``SalesSummaryRow``).
    case salesSummary
    /// Sales and Trends SUBSCRIPTION_EVENT / SUMMARY (``SubscriptionEventRow``).
    case subscriptionEvent
    /// Payments and Financial Reports FINANCE_DETAIL (``FinanceDetailRow``).
    case financeDetail

    /// The App Store Connect API's `filter[reportType]`.
    public var apiReportType: String {
        switch self {
        case .salesSummary: "SALES"
        case .subscriptionEvent: "SUBSCRIPTION_EVENT"
        case .financeDetail: "FINANCE_DETAIL"
        }
    }

    /// The columns that identify the type; each type's required columns, which the others lack.
    var requiredColumns: [String] {
        switch self {
        case .salesSummary: SalesSummaryRow.requiredColumns
        case .subscriptionEvent: SubscriptionEventRow.requiredColumns
        case .financeDetail: FinanceDetailRow.requiredColumns
        }
    }

    /// The type whose required columns all appear on one of the first 20 lines of `text` (a
    /// finance report's header follows a preamble); nil when none does.
    public static func detect(text: String) -> AppleReportType? {
        var lines = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lines += 1
            if lines > 20 { break }
            let names = Set(line.split(separator: "\t", omittingEmptySubsequences: false).map(ReportHeader.key))
            for type in allCases where Set(type.requiredColumns.map(ReportHeader.key)).isSubset(of: names) {
                return type
            }
        }
        return nil
    }
}
