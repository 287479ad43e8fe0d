import Storekeeper
import Testing

/// Apple's fiscal months: whole weeks, 5-4-4 per quarter from October, the year ending on the
/// last Saturday of September, a 53-week year's extra week in December.
@Suite("Apple fiscal month")
struct AppleFiscalMonthTests {
    static func day(_ text: String) -> PacificDay { PacificDay(iso: text)! }

    @Test(arguments: [
        // Fiscal 2024 began on Sunday 2023-10-01 (2023-09-30, the last Saturday of September, ended 2023).
        ("2023-10", "2023-10-01", "2023-11-04"),
        ("2023-11", "2023-11-05", "2023-12-02"),
        ("2024-09", "2024-09-01", "2024-09-28"),
        // Fiscal 2023 had 53 weeks (2022-09-25…2023-09-30): December had five.
        ("2022-10", "2022-09-25", "2022-10-29"),
        ("2022-12", "2022-11-27", "2022-12-31"),
        ("2023-01", "2023-01-01", "2023-02-04"),
        // The example of docs/SIMULATOR.md and docs/RECONCILIATION.md.
        ("2026-10", "2026-09-27", "2026-10-31"),
    ])
    func monthsStartOnSundayAndEndOnSaturday(_ month: String, _ first: String, _ last: String) throws {
        let fiscal = try #require(AppleFiscalMonth(iso: month))
        #expect(fiscal.first == Self.day(first))
        #expect(fiscal.last == Self.day(last))
        #expect(fiscal.days.first == fiscal.first && fiscal.days.last == fiscal.last)
        #expect(fiscal.days.count % 7 == 0)
        #expect(fiscal.next.first == fiscal.last.adding(days: 1), "months follow each other without a gap")
        #expect(AppleFiscalMonth(containing: fiscal.first) == fiscal && AppleFiscalMonth(containing: fiscal.last) == fiscal)
    }

    @Test
    func aDayBelongsToTheFiscalMonthThatCoversIt() {
        // 2026-09-28 is in September by the calendar, in fiscal October 2026.
        #expect(AppleFiscalMonth(containing: Self.day("2026-09-28"))?.description == "2026-10")
        #expect(AppleFiscalMonth(containing: Self.day("2026-09-26"))?.description == "2026-09")
        #expect(AppleFiscalMonth(containing: Self.day("2026-12-31"))?.description == "2027-01")
        #expect(AppleFiscalMonth(iso: "2026-13") == nil && AppleFiscalMonth(iso: "2026-1") == nil)
        // A whole year of months covers 52 or 53 weeks.
        var month = AppleFiscalMonth(iso: "2025-10")!
        var days = 0
        for _ in 0..<12 {
            days += month.days.count
            month = month.next
        }
        #expect(days == 364 || days == 371)
    }
}
