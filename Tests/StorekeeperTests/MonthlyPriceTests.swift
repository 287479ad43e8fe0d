import AppStoreModels
import Storekeeper
import Testing

/// MRR's normalisation of a price by the period it bills for, and the calendar months cohorts
/// count ages in.
@Suite struct MonthlyPriceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let period: String
        let price: Int64
        let monthly: Int64
        var testDescription: String { "\(price) per \(period)" }
    }

    @Test(arguments: [
        Case(period: "P1W", price: 2_990, monthly: 12_957),  // × 52 / 12
        Case(period: "P1M", price: 4_990, monthly: 4_990),
        Case(period: "P2M", price: 8_990, monthly: 4_495),
        Case(period: "P3M", price: 9_990, monthly: 3_330),
        Case(period: "P6M", price: 29_990, monthly: 4_998),  // 4998.33 rounded
        Case(period: "P1Y", price: 49_990, monthly: 4_166),  // 4165.83 rounded up
        Case(period: "P3D", price: 990, monthly: 10_038),  // × 365 / 36
        Case(period: "P2W", price: 1_000, monthly: 2_167),
    ])
    func pricesAreNormalisedToAMonth(_ example: Case) throws {
        let period = try #require(Period(iso8601: example.period))
        #expect(MonthlyPrice.normalised(example.price, per: period) == example.monthly)
    }

    @Test func theBillingPeriodIsTheCommitmentsMonthOrThePayUpFrontOffersOwn() throws {
        let start = Timestamp(millisecondsSince1970: 1_735_725_600_000)
        var period = PaidPeriod(
            periodKey: "1", webOrderLineItemId: "1", environment: .production, originalTransactionId: "o", transactionId: "t",
            productId: "yearly", purchaseDate: start, expiresDate: start.adding(milliseconds: 90 * 86_400_000), price: 990,
            offer: OfferInfo(type: .introductoryOffer, discountType: .payUpFront, period: "P3M"), accessEnd: start)
        #expect(MonthlyPrice.billingPeriod(of: period, productDuration: Period(years: 1)) == Period(months: 3))
        period.offer = OfferInfo(type: .promotionalOffer, identifier: "loyal", discountType: .payAsYouGo, period: "P3M")
        #expect(MonthlyPrice.billingPeriod(of: period, productDuration: Period(months: 1)) == Period(months: 1))
        period.offer = nil
        period.billingPlanType = .monthly
        #expect(MonthlyPrice.billingPeriod(of: period, productDuration: Period(years: 1)) == Period(months: 1))
        period.billingPlanType = nil
        // Unknown to the catalog: the period's own length, in days.
        #expect(MonthlyPrice.billingPeriod(of: period, productDuration: nil) == Period(days: 90))
    }

    @Test func monthsAreCalendarMonthsClampedToTheirLength() throws {
        let january31 = try #require(FigureDay(iso: "2025-01-31")).start.adding(milliseconds: 36_000_123)
        #expect(FigureDay(containing: FigureMonths.adding(1, to: january31)).description == "2025-02-28")
        #expect(FigureDay(containing: FigureMonths.adding(13, to: january31)).description == "2026-02-28")
        #expect(FigureDay(containing: FigureMonths.adding(3, to: january31)).description == "2025-04-30")
        #expect(FigureMonths.adding(12, to: january31).millisecondsSince1970 % 86_400_000 == 36_000_123)
        let leap = try #require(FigureDay(iso: "2024-01-31"))
        #expect(FigureDay(containing: FigureMonths.adding(1, to: leap.start)).description == "2024-02-29")
        #expect(FigureMonths.between(try #require(FigureDay(iso: "2024-11-15")), try #require(FigureDay(iso: "2025-02-01"))) == 3)
    }
}
