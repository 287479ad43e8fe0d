import AppStoreReports
import Testing

/// Finance reports are asked for by fiscal period (`filter[reportDate]=YYYY-PP`, 01 = October).
@Suite struct FiscalPeriodTests {
    @Test(
        "a fiscal month's calendar name and its period",
        arguments: [
            (2020, 3, "2020-06"),  // Apple's forum answer: 2020-06 is March 2020
            (2019, 10, "2020-01"), (2019, 12, "2020-03"), (2020, 9, "2020-12"), (2025, 7, "2025-10"), (2026, 1, "2026-04"),
        ])
    func periods(year: Int, month: Int, period: String) {
        #expect(FiscalPeriod.text(year: year, month: month) == period)
        #expect(FiscalPeriod.calendarMonth(period).map { [$0.year, $0.month] } == [year, month])
    }

    @Test("every month of a year round-trips, and malformed periods are refused")
    func roundTripsAndRefusals() {
        for month in 1...12 {
            let text = FiscalPeriod.text(year: 2024, month: month)
            #expect(FiscalPeriod.calendarMonth(text).map { [$0.year, $0.month] } == [2024, month], "\(text)")
        }
        for bad in ["2025-13", "2025-00", "2025-1", "25-01", "2025", "2025-01-01", ""] {
            #expect(FiscalPeriod.calendarMonth(bad) == nil, "\(bad)")
        }
    }
}
