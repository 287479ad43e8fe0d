import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Proceeds from Apple's commission rules, calibrated by the reports' own rows.
@Suite("Proceeds estimate")
struct ProceedsEstimatorTests {
    static let day = PacificDay(year: 2026, month: 11, day: 20)!
    static let now = Timestamp(millisecondsSince1970: 1_795_204_800_000)
    static let yearAgo = Timestamp(millisecondsSince1970: 1_795_204_800_000 - 366 * 86_400_000)

    static func transaction(
        price: Int64, currency: String = "USD", storefront: String = "USA", type: ProductType = .consumable,
        reason: TransactionReason = .purchase, original: Timestamp? = nil
    ) -> AppleTransaction {
        AppleTransaction(
            environment: .production, transactionId: "1", originalTransactionId: "1", productId: "p", productType: type,
            purchaseDate: now, originalPurchaseDate: original, price: price, currency: currency, storefront: storefront,
            transactionReason: reason, signedDate: now, source: .storeKit2)
    }

    static func row(
        price: Int64, proceeds: Int64, units: Int = 1, country: String = "DE", currency: String = "EUR", reason: String? = nil
    )
        -> ReportSalesLine
    {
        ReportSalesLine(
            day: day, line: 2, sku: "p", productTypeIdentifier: "IA1", countryCode: country, customerCurrency: currency,
            customerPrice: price, units: units, developerProceeds: proceeds, proceedsCurrency: currency, proceedsReason: reason)
    }

    @Test
    func withoutReportsTheCommissionApplies() {
        let estimator = ProceedsEstimator()
        #expect(estimator.proceeds(of: Self.transaction(price: 990)) == 693, "70 %")
        #expect(ProceedsEstimator(smallBusinessProgram: true).proceeds(of: Self.transaction(price: 990)) == 841, "85 %, rounded down")
        let renewalAfterAYear = Self.transaction(price: 9990, type: .autoRenewableSubscription, reason: .renewal, original: Self.yearAgo)
        #expect(ProceedsEstimator.isAfterFirstPaidYear(renewalAfterAYear))
        #expect(estimator.proceeds(of: renewalAfterAYear) == 8491)
        let firstYearRenewal = Self.transaction(
            price: 9990, type: .autoRenewableSubscription, reason: .renewal,
            original: Timestamp(millisecondsSince1970: Self.now.millisecondsSince1970 - 300 * 86_400_000))
        #expect(estimator.proceeds(of: firstYearRenewal) == 6993)
        #expect(
            estimator.proceeds(
                of: AppleTransaction(
                    environment: .production, transactionId: "2", originalTransactionId: "2", productId: "p", purchaseDate: Self.now,
                    signedDate: Self.now, source: .storeKit2)) == nil)
    }

    @Test
    func reportRowsCalibrateTheirCountryCurrencyAndRate() {
        var estimator = ProceedsEstimator()
        // Germany's prices include 19 % VAT: 1.99 EUR pays 1.17 EUR, not 70 % of 1.99 (1.393).
        estimator.calibrate(with: [
            Self.row(price: 1990, proceeds: 1170, units: 3),
            Self.row(price: 1990, proceeds: 1170, units: -1),  // a refund: skipped
            Self.row(price: 0, proceeds: 0, units: 5),  // free units: skipped
            Self.row(price: 9990, proceeds: 7140, country: "DE", reason: "Rate After One Year"),
        ])
        let german = Self.transaction(price: 1990, currency: "EUR", storefront: "DEU")
        #expect(estimator.isCalibrated(for: german))
        #expect(estimator.proceeds(of: german) == 1170)
        #expect(estimator.proceeds(of: Self.transaction(price: 3990, currency: "EUR", storefront: "DEU")) == 2345, "3.99 × 1.17 / 1.99")
        let renewal = Self.transaction(
            price: 9990, currency: "EUR", storefront: "DEU", type: .autoRenewableSubscription, reason: .renewal, original: Self.yearAgo)
        #expect(estimator.proceeds(of: renewal) == 7140, "the reduced rate's own calibration")
        // Another country keeps the commission alone.
        let american = Self.transaction(price: 990)
        #expect(!estimator.isCalibrated(for: american))
        #expect(estimator.proceeds(of: american) == 693)
    }

    @Test
    func aProductsOwnRowsCalibrateBeforeItsCountrys() {
        var estimator = ProceedsEstimator()
        estimator.calibrate(with: [
            ProceedsObservation(sku: "p", countryCode: "DE", currency: "EUR", reducedRate: false, price: 1990, proceeds: 1170),
            // An ebook-like product with reduced VAT pays more of its price.
            ProceedsObservation(sku: "book", countryCode: "DE", currency: "EUR", reducedRate: false, price: 1990, proceeds: 1300),
        ])
        var book = Self.transaction(price: 1990, currency: "EUR", storefront: "DEU")
        book.productId = "book"
        #expect(estimator.proceeds(of: book) == 1300)
        var other = book
        other.productId = "other"
        #expect(estimator.proceeds(of: other) == 1235, "the country's rows together: 1990 × 2470 / 3980")
    }

    @Test
    func theOverviewsRuleProceedsAreCorrectedPerCurrency() {
        var estimator = ProceedsEstimator()
        #expect(estimator.calibrated(ruleProceeds: 1393, currency: "EUR") == 1393, "no rows: the rule stands")
        #expect(!estimator.isCalibrated(currency: "EUR"))
        // The rule says 1.393 of 1.99; the rows say 1.17 (VAT): the overview's figure scales by 1170/1393.
        estimator.calibrate(with: [Self.row(price: 1990, proceeds: 1170, units: 2)])
        #expect(estimator.isCalibrated(currency: "eur"))
        #expect(estimator.calibrated(ruleProceeds: 1393 * 10, currency: "EUR") == 11700)
        #expect(estimator.calibrated(ruleProceeds: 693, currency: "USD") == 693, "another currency keeps the rule")
        // In the Small Business Program the rule is 85 %, so the same rows correct it further.
        var small = ProceedsEstimator(smallBusinessProgram: true)
        small.calibrate(with: [Self.row(price: 1990, proceeds: 1170)])
        #expect(small.calibrated(ruleProceeds: 1691, currency: "EUR") == 1170)
    }
}
