import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The pure comparison of a day's transactions with Apple's SALES rows.
@Suite("Reconciler")
struct ReconcilerTests {
    /// 2026-11-20 in Pacific time (PST, UTC-8).
    static let day = PacificDay(year: 2026, month: 11, day: 20)!
    static let noon = Timestamp(millisecondsSince1970: 1_795_204_800_000)  // 2026-11-20T20:00:00Z = 12:00 PST

    static func sale(
        _ id: String, product: String = "coins.100", type: ProductType = .consumable, at instant: Timestamp = noon,
        price: Int64 = 990, currency: String = "USD", storefront: String = "USA", revokedAt: Timestamp? = nil,
        reason: TransactionReason? = .purchase, environment: AppStoreEnvironment = .production,
        ownership: InAppOwnershipType = .purchased, quantity: Int = 1
    ) -> AppleTransaction {
        AppleTransaction(
            environment: environment, transactionId: id, originalTransactionId: id, productId: product, productType: type,
            purchaseDate: instant, quantity: quantity, ownership: ownership, revocationDate: revokedAt, price: price,
            currency: currency, storefront: storefront, transactionReason: reason, signedDate: instant, source: .storeKit2)
    }

    static func row(
        _ line: Int, sku: String = "coins.100", type: String = "IA1", units: Int, price: Int64 = 990, currency: String = "USD",
        country: String = "US", subscription: String? = nil, day: PacificDay = day
    ) -> ReportSalesLine {
        ReportSalesLine(
            day: day, line: line, sku: sku, productTypeIdentifier: type, countryCode: country, customerCurrency: currency,
            customerPrice: price, units: units, developerProceeds: 690, proceedsCurrency: currency, subscription: subscription)
    }

    @Test
    func theDaysSalesRenewalsAndRefundsMatchTheReport() {
        let yesterday = Timestamp(millisecondsSince1970: Self.noon.millisecondsSince1970 - 86_400_000)
        let transactions = [
            Self.sale("1"), Self.sale("2", quantity: 2),
            Self.sale("3", at: yesterday, revokedAt: Self.noon),  // refunded today, bought yesterday
            Self.sale("4", product: "pro.monthly", type: .autoRenewableSubscription, price: 9990, currency: "EUR", storefront: "FRA"),
            Self.sale(
                "5", product: "pro.monthly", type: .autoRenewableSubscription, price: 9990, currency: "EUR", storefront: "FRA",
                reason: .renewal),
            Self.sale("6", product: "pass.30", type: .nonRenewingSubscription, price: 4990),
            // Not in Apple's sales report: sandbox and Family Sharing copies.
            Self.sale("7", environment: .sandbox), Self.sale("8", ownership: .familyShared),
            // 23:59:59.999 Pacific is still the day; midnight Pacific is the next.
            Self.sale("9", at: Timestamp(millisecondsSince1970: Self.day.end.millisecondsSince1970 - 1)),
            Self.sale("10", at: Self.day.end),
        ]
        let report = [
            Self.row(2, units: 4),
            Self.row(3, units: -1, price: -990),
            Self.row(4, sku: "pro.monthly", type: "IAY", units: 1, price: 9990, currency: "EUR", country: "FR", subscription: "New"),
            Self.row(5, sku: "pro.monthly", type: "IAY-M", units: 1, price: 9990, currency: "EUR", country: "FR", subscription: "Renewal"),
            Self.row(6, sku: "pass.30", type: "IA9", units: 1, price: 4990),
            Self.row(7, sku: "com.example.app", type: "1F", units: 12, price: 0),  // an app download: not reconciled
            Self.row(8, units: 5, day: Self.day.adding(days: 1)),  // another day's row
        ]
        let lines = Reconciler.reconcile(day: Self.day, report: report, transactions: transactions)
        #expect(lines.count == 5)
        let unmatched = lines.filter { $0.outcome != ReconciliationOutcome.matched }
        #expect(unmatched.isEmpty, "\(unmatched)")
        let coins = lines.first { $0.sku == "coins.100" && $0.reportPrice == 990 }
        #expect(coins?.storekeeperUnits == 4)
        #expect(coins?.transactionIds.sorted() == ["1", "2", "9"])
        #expect(lines.first { $0.reportPrice == -990 }?.transactionIds == ["3"])
    }

    @Test
    func eachKindOfDiscrepancyIsClassifiedOnce() throws {
        let transactions = [
            Self.sale("1"), Self.sale("2"),  // the report counts 3: units differ
            Self.sale("3", product: "gems.50", price: 1990),  // the report prints 2.49: price differs
            Self.sale("4", product: "remove.ads", type: .nonConsumable, price: 2990),  // not in the report
        ]
        let report = [
            Self.row(2, units: 3),
            Self.row(3, sku: "gems.50", units: 1, price: 2490),
            Self.row(4, sku: "coins.500", units: 2, price: 4990),  // Storekeeper never saw these
        ]
        let lines = Reconciler.reconcile(day: Self.day, report: report, transactions: transactions)
        let byOutcome = Dictionary(grouping: lines, by: \.outcome)
        #expect(lines.count == 4)
        let units = try #require(byOutcome[.unitsDiffer]?.first)
        #expect(units.sku == "coins.100" && units.storekeeperUnits == 2 && units.reportUnits == 3)
        let price = try #require(byOutcome[.priceDiffers]?.first)
        #expect(price.sku == "gems.50" && price.storekeeperPrice == 1990 && price.reportPrice == 2490)
        let lost = try #require(byOutcome[.missingInStorekeeper]?.first)
        #expect(lost.sku == "coins.500" && lost.reportUnits == 2 && lost.reportLines == [4] && lost.storekeeperPrice == nil)
        let unreported = try #require(byOutcome[.missingInReport]?.first)
        #expect(unreported.sku == "remove.ads" && unreported.transactionIds == ["4"] && unreported.reportPrice == nil)
    }

    @Test
    func anExtraRefundInTheReportIsMissingInStorekeeper() {
        let lines = Reconciler.reconcile(
            day: Self.day, report: [Self.row(2, units: 1), Self.row(3, units: -1, price: -990)], transactions: [Self.sale("1")])
        #expect(lines.map(\.outcome) == [.missingInStorekeeper, .matched])
        #expect(lines.first?.reportPrice == -990)
    }

    @Test(arguments: [("USA", "US"), ("FRA", "FR"), ("JPN", "JP"), ("CHN", "CN"), ("gbr", "GB"), ("XKX", nil)] as [(String, String?)])
    func storefrontsMapToTheReportsCountryCodes(_ storefront: String, _ code: String?) {
        #expect(StorefrontCountry.reportCode(storefront: storefront) == code)
    }

    @Test
    func pacificDaysFollowDaylightSaving() throws {
        // 2026-03-08 is 23 hours long (PST → PDT), 2026-11-01 is 25 hours long.
        let spring = try #require(PacificDay(iso: "2026-03-08"))
        let autumn = try #require(PacificDay(iso: "2026-11-01"))
        #expect(spring.end.millisecondsSince1970 - spring.start.millisecondsSince1970 == 23 * 3_600_000)
        #expect(autumn.end.millisecondsSince1970 - autumn.start.millisecondsSince1970 == 25 * 3_600_000)
        #expect(Self.day.start.millisecondsSince1970 == 1_795_161_600_000)  // 2026-11-20T08:00:00Z
        #expect(Self.day.publication.millisecondsSince1970 == 1_795_276_800_000)  // 2026-11-21T08:00 PST = 16:00Z
        #expect(PacificDay(containing: Timestamp(millisecondsSince1970: 1_795_161_600_000 - 1)) == Self.day.adding(days: -1))
        #expect(PacificDay(iso: "2026-02-29") == nil)
        #expect(PacificDay(iso: "2026-2-01") == nil)
    }
}
