import AppStoreReports

/// A day that exists (tests only use valid literals).
func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> ReportDay {
    guard let value = ReportDay(year: year, month: month, day: dayOfMonth) else { preconditionFailure("invalid test day") }
    return value
}

/// A decimal from its text (tests only use valid literals).
func amount(_ text: String) -> ReportDecimal {
    guard let value = ReportDecimal(Substring(text)) else { preconditionFailure("invalid test amount \(text)") }
    return value
}

/// Joins cells with tabs and lines with newlines.
func tsv(_ lines: [[String]]) -> String {
    lines.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
}

/// The error `body` throws, if it is a report refusal.
func refusal(_ body: () throws(ReportFormatError) -> Void) -> ReportFormatError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
