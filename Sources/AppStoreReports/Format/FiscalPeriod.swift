/// The `filter[reportDate]` of App Store Connect's finance reports: Apple's fiscal year and the
/// period's number in it, `YYYY-PP`. Apple's fiscal year starts in October, so period 01 is the
/// fiscal month named October (of the calendar year before) and `2020-06` is the one named March
/// 2020. Storekeeper names fiscal months by their calendar month; this converts both ways.
public enum FiscalPeriod {
    /// `YYYY-PP` for the fiscal month named `year`-`month`.
    public static func text(year: Int, month: Int) -> String {
        let period = (month + 2) % 12 + 1
        let fiscalYear = month >= 10 ? year + 1 : year
        return "\(fiscalYear)-" + (period < 10 ? "0\(period)" : "\(period)")
    }

    /// The calendar name (`year`, `month`) of fiscal period `text` (`YYYY-PP`), or nil when it is
    /// not one.
    public static func calendarMonth(_ text: String) -> (year: Int, month: Int)? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let fiscalYear = Int(parts[0]),
            let period = Int(parts[1]), (1...12).contains(period)
        else { return nil }
        let month = (period + 8) % 12 + 1
        return (month >= 10 ? fiscalYear - 1 : fiscalYear, month)
    }
}
