import AppStoreAPI
import AppStoreModels
import AppStoreReports
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import Logging
import Testing

/// `AppStoreConnectReportsClient` against the simulator over loopback: reports generated from
/// the simulator's own transactions, on its clock, with injected discrepancies.
@Suite("App Store Connect reports client against the simulator")
struct ConnectReportsTests {
    static let vendorNumber = "85000000"
    /// The harness starts at 2026-01-01T00:00:00Z, which is 2025-12-31 16:00 in Pacific time.
    static let salesDay = ReportDay(year: 2025, month: 12, day: 31)!
    /// Seconds from the start to 2026-01-01 09:00 Pacific, after the 08:00 publication.
    static let untilPublished: Int64 = 17 * 3600

    /// Registers a team key with the simulator and returns a client signing with it.
    static func reportsClient(_ h: SimulatorHarness, registered: Bool = true) throws -> AppStoreConnectReportsClient {
        let key = P256.Signing.PrivateKey()
        let token = try AppStoreConnectAPIToken(privateKey: key, keyId: "TEAMKEY\(registered ? 1 : 2)", issuerId: "issuer-team")
        if registered {
            _ = try h.simulator.configureReports(
                vendorNumber: vendorNumber,
                teamKeys: [.init(keyId: token.keyId, issuerId: token.issuerId, publicKeyPEM: key.publicKey.pemRepresentation)])
        }
        return try AppStoreConnectReportsClient(
            configuration: AppStoreConnectReportsConfiguration(environment: .xcode, baseURL: h.origin, maximumRateLimitWait: .zero),
            token: token, httpClient: .shared, clock: h.clock, metricsFactory: h.metrics,
            logger: Logger(label: "reports", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static func salesRows(_ client: AppStoreConnectReportsClient, _ day: ReportDay) async throws -> [SalesSummaryRow]? {
        switch try await client.salesReport(.dailySalesSummary(vendorNumber: vendorNumber, day: day)) {
        case .report(let file): return try file.parse(SalesSummaryRow.self).rows
        case .noReport: return nil
        }
    }

    /// Two gems (0.99 USD) and one remove-ads (2.99 USD) bought in production, one gem refunded, a sandbox purchase.
    static func aDayOfSales(_ h: SimulatorHarness) async throws {
        let customer = SimulatorHarness.customer(.production)
        let first = try await h.buy(DemoCatalog.gems, account: customer)
        _ = try await h.buy(DemoCatalog.gems, account: customer)
        _ = try await h.buy(DemoCatalog.removeAds, account: customer)
        _ = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
        try await h.simulator.refund(transactionId: first)
    }

    @Test("a day with purchases and a refund gives Apple's rows once published; other days have no report")
    func dayWithPurchasesAndRefund() async throws {
        try await SimulatorHarness.with { h in
            let client = try Self.reportsClient(h)
            try await Self.aDayOfSales(h)

            let early = try await client.salesReport(.dailySalesSummary(vendorNumber: Self.vendorNumber, day: Self.salesDay))
            #expect(early == .noReport(detail: "The report for the date specified is not available yet."))

            try await h.advanceSimulated(seconds: Self.untilPublished)
            let rows = try #require(try await Self.salesRows(client, Self.salesDay))
            #expect(rows.count == 3, "sandbox purchases are not reported")
            let sales = rows.filter { $0.sku == DemoCatalog.gems && $0.units > 0 }
            #expect(sales.map(\.units) == [2])
            #expect(sales.first?.customerPrice == ReportDecimal(significand: 99, scale: 2))
            #expect(sales.first?.developerProceeds == ReportDecimal(significand: 69, scale: 2), "70%, rounded down to the cent")
            #expect(sales.first?.countryCode == "US")
            #expect(sales.first?.customerCurrency == "USD")
            #expect(sales.first?.productTypeIdentifier == "IA1")
            #expect(sales.first?.beginDate == Self.salesDay)
            let refund = try #require(rows.first { $0.sku == DemoCatalog.gems && $0.units < 0 })
            #expect(refund.units == -1)
            #expect(refund.customerPrice == ReportDecimal(significand: -99, scale: 2))
            #expect(refund.developerProceeds == ReportDecimal(significand: 69, scale: 2))
            #expect(rows.first { $0.sku == DemoCatalog.removeAds }?.units == 1)

            let quiet = try await client.salesReport(
                .dailySalesSummary(vendorNumber: Self.vendorNumber, day: ReportDay(year: 2025, month: 12, day: 30)!))
            #expect(quiet == .noReport(detail: "There were no sales for the date specified."))
            let future = try await client.salesReport(
                .dailySalesSummary(vendorNumber: Self.vendorNumber, day: ReportDay(year: 2026, month: 1, day: 1)!))
            #expect(future == .noReport(detail: "The report for the date specified is not available yet."))

            // 2025-12-31 is in Apple's fiscal January 2026 (2025-12-28…2026-01-31; fiscal December
            // ended on 2025-12-27), whose report appears on 2026-02-01 at 08:00 Pacific.
            let december = try await client.financeReport(.financeDetail(vendorNumber: Self.vendorNumber, fiscalYear: 2025, month: 12))
            #expect(december == .noReport(detail: "There were no sales for the date specified."))
            let notYet = try await client.financeReport(.financeDetail(vendorNumber: Self.vendorNumber, fiscalYear: 2026, month: 1))
            #expect(notYet == .noReport(detail: "The report for the date specified is not available yet."))
            try await h.advanceSimulated(seconds: 32 * 86_400)
            let finance = try await client.financeReport(.financeDetail(vendorNumber: Self.vendorNumber, fiscalYear: 2026, month: 1))
            guard case .report(let file) = finance else {
                Issue.record("no finance report: \(finance)")
                return
            }
            let detail = try file.parse(FinanceDetailRow.self).rows.filter { $0.sku == DemoCatalog.gems }
            #expect(detail.map(\.saleOrReturn) == [.sale, .return])
            #expect(detail.map(\.quantity) == [2, -1])
            #expect(
                detail.map(\.extendedPartnerShare) == [
                    ReportDecimal(significand: 138, scale: 2), ReportDecimal(significand: -69, scale: 2),
                ])
            #expect(detail.allSatisfy { $0.transactionDate == Self.salesDay && $0.countryOfSale == "US" })
            #expect(detail.allSatisfy { $0.settlementDate == Self.salesDay }, "settled on the transaction day")
        }
    }

    @Test("a non-renewing subscription is reported with Apple's IA9, a consumable with IA1")
    func nonRenewingSubscriptionIsIA9() async throws {
        try await SimulatorHarness.with { h in
            let client = try Self.reportsClient(h)
            _ = try await h.buy(DemoCatalog.seasonPass, account: SimulatorHarness.customer(.production))
            _ = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.production))
            try await h.advanceSimulated(seconds: Self.untilPublished)
            let rows = try #require(try await Self.salesRows(client, Self.salesDay))
            #expect(rows.first { $0.sku == DemoCatalog.seasonPass }?.productTypeIdentifier == "IA9")
            #expect(rows.first { $0.sku == DemoCatalog.gems }?.productTypeIdentifier == "IA1")
        }
    }

    @Test("a new subscription shows as a Subscribe event and a New sales row")
    func subscriptionEvents() async throws {
        try await SimulatorHarness.with { h in
            let client = try Self.reportsClient(h)
            _ = try await h.buy(DemoCatalog.monthly, account: SimulatorHarness.customer(.production))
            try await h.advanceSimulated(seconds: Self.untilPublished)
            let result = try await client.salesReport(.dailySubscriptionEvents(vendorNumber: Self.vendorNumber, day: Self.salesDay))
            guard case .report(let file) = result else {
                Issue.record("no subscription event report: \(result)")
                return
            }
            let events = try file.parse(SubscriptionEventRow.self).rows
            #expect(events.map(\.event) == ["Subscribe"])
            #expect(events.first?.subscriptionName == DemoCatalog.monthly)
            #expect(events.first?.standardSubscriptionDuration == "1 Month")
            #expect(events.first?.quantity == 1)
            let sales = try #require(try await Self.salesRows(client, Self.salesDay))
            #expect(sales.first { $0.sku == DemoCatalog.monthly }?.subscription == .new)
            #expect(sales.first { $0.sku == DemoCatalog.monthly }?.productTypeIdentifier == "IAY")
        }
    }

    @Test("each injected discrepancy shows in the fetched report, and only while injected")
    func injectedDiscrepancies() async throws {
        try await SimulatorHarness.with { h in
            let client = try Self.reportsClient(h)
            try await Self.aDayOfSales(h)
            try await h.advanceSimulated(seconds: Self.untilPublished)
            let day = Self.salesDay.isoFormatted
            let baseline = try #require(try await Self.salesRows(client, Self.salesDay))

            _ = try h.simulator.addReportDiscrepancy(ReportDiscrepancy(kind: .dropRow, day: day, sku: DemoCatalog.removeAds))
            let dropped = try #require(try await Self.salesRows(client, Self.salesDay))
            #expect(dropped.count == baseline.count - 1)
            #expect(!dropped.contains { $0.sku == DemoCatalog.removeAds })
            h.simulator.clearReportDiscrepancies()

            _ = try h.simulator.addReportDiscrepancy(ReportDiscrepancy(kind: .extraRefund, day: day, sku: DemoCatalog.removeAds))
            let refunded = try #require(try await Self.salesRows(client, Self.salesDay))
            #expect(refunded.filter { $0.sku == DemoCatalog.removeAds }.map(\.units).sorted() == [-1, 1])
            #expect(
                refunded.first { $0.sku == DemoCatalog.removeAds && $0.units < 0 }?.customerPrice
                    == ReportDecimal(significand: -299, scale: 2))
            h.simulator.clearReportDiscrepancies()

            _ = try h.simulator.addReportDiscrepancy(
                ReportDiscrepancy(kind: .changePrice, day: day, sku: DemoCatalog.gems, customerPrice: "12.99"))
            let repriced = try #require(try await Self.salesRows(client, Self.salesDay))
            #expect(
                repriced.filter { $0.sku == DemoCatalog.gems }.map(\.customerPrice).sorted { $0.significand < $1.significand } == [
                    ReportDecimal(significand: -1299, scale: 2), ReportDecimal(significand: 1299, scale: 2),
                ])
            h.simulator.clearReportDiscrepancies()

            _ = try h.simulator.addReportDiscrepancy(ReportDiscrepancy(kind: .delayDay, day: day, delayDays: 2))
            #expect(try await Self.salesRows(client, Self.salesDay) == nil, "a delayed day is not published yet")
            try await h.advanceSimulated(seconds: 2 * 86_400)
            #expect(try await Self.salesRows(client, Self.salesDay) == baseline)
            h.simulator.clearReportDiscrepancies()
            #expect(try await Self.salesRows(client, Self.salesDay) == baseline)
        }
    }

    @Test("a token of an unregistered key is refused with Apple's NOT_AUTHORIZED; a wrong vendor is forbidden")
    func authentication() async throws {
        try await SimulatorHarness.with { h in
            _ = try Self.reportsClient(h)
            let stranger = try Self.reportsClient(h, registered: false)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await stranger.salesReport(.dailySalesSummary(vendorNumber: Self.vendorNumber, day: Self.salesDay))
            }
            #expect(error?.code == .unauthorized)
            #expect(error?.connectErrorCode == "NOT_AUTHORIZED")

            let client = try Self.reportsClient(h)
            let forbidden = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.salesReport(.dailySalesSummary(vendorNumber: "1", day: Self.salesDay))
            }
            #expect(forbidden?.code == .forbidden)
        }
    }
}
