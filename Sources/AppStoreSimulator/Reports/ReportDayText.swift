import AppStoreReports

/// Validation of the control API's report inputs.
enum ReportDayText {
    /// A `YYYY-MM-DD` day (not Apple's `MM/DD/YYYY` file notation, which the API does not take).
    static func parse(_ text: String) -> ReportDay? {
        text.utf8.count == 10 && text.contains("-") ? ReportDay(reportText: Substring(text)) : nil
    }

    /// Whether `text` is a decimal amount as reports print them.
    static func isAmount(_ text: String?) -> Bool {
        text.flatMap { ReportDecimal(Substring($0)) } != nil
    }
}
