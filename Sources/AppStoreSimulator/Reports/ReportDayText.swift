import AppStoreReports

/// Validation of the control API's report inputs.
enum ReportDayText {
    /// A `YYYY-MM-DD` day.
    static func parse(_ text: String) -> ReportDay? {
        text.count == 10 ? ReportDay(reportText: Substring(text)) : nil
    }

    /// Whether `text` is a decimal amount as reports print them.
    static func isAmount(_ text: String?) -> Bool {
        text.flatMap { ReportDecimal(Substring($0)) } != nil
    }
}
