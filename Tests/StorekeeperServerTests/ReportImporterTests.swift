import AppStoreModels
import AppStoreReports
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperTesting
import Testing

/// `ReportImporter` over both backends: gzip and plain files, Apple's file names, a re-import of
/// the same bytes, a revision replacing the day's rows, a malformed file refused whole.
@Suite("Report import")
struct ReportImporterTests {
    static let day = ReportDay(year: 2026, month: 11, day: 20)!
    static let pacificDay = PacificDay(year: 2026, month: 11, day: 20)!

    static func row(_ sku: String, units: Int, price: String = "0.99", kind: SalesSubscriptionKind? = nil) -> SalesSummaryRow {
        SalesSummaryRow(
            sku: sku, productTypeIdentifier: kind == nil ? "IA1" : "IAY", units: units, developerProceeds: ReportDecimal("0.69")!,
            beginDate: day, endDate: day, customerCurrency: "USD", countryCode: "US", currencyOfProceeds: "USD",
            customerPrice: ReportDecimal(Substring(price))!, parentIdentifier: "com.example.app", subscription: kind)
    }

    static func importer(_ store: some ReportStore) -> ReportImporter {
        ReportImporter(store: store, now: TestClock(Timestamp(millisecondsSince1970: 1_800_000_000_000)))
    }

    @Test(arguments: StoreTestBackend.available)
    func importsOnceAndARevisionReplacesTheDay(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let importer = Self.importer(database.store)
            let first = AppleReportCodec.writeGzip(
                AppleReport(rows: [Self.row("coins.100", units: 3), Self.row("pro.monthly", units: 2, price: "9.99", kind: .renewal)]))
            let result = try await importer.importFile(first, name: "/tmp/S_D_85000000_20261120.txt.gz")
            #expect(result.key == .dailySales(vendorNumber: "85000000", day: Self.pacificDay))
            #expect(result.outcome == .imported(replacedRows: 0))
            let stored = try await database.store.salesLines(vendorNumber: "85000000", day: Self.pacificDay)
            #expect(stored.map(\.line) == [2, 3])
            #expect(stored.map(\.customerPrice) == [990, 9990])
            #expect(stored.map(\.developerProceeds) == [690, 690])
            #expect(stored.map(\.subscription) == [nil, "Renewal"])
            #expect(try await database.store.currentReport(result.key)?.content == first)

            #expect(try await importer.importFile(first, name: "S_D_85000000_20261120.txt.gz").outcome == .unchanged)
            // The same report as plain text is the same file.
            let plain = try Array(AppleReportCodec.text(of: first).utf8)
            #expect(try await importer.importFile(plain, name: "S_D_85000000_20261120.txt").outcome == .unchanged)

            // A revision, plain text, named by hand: the caller gives the vendor; the day comes from the rows.
            let revised = Array(AppleReportCodec.write(AppleReport(rows: [Self.row("coins.100", units: 4)])).utf8)
            let second = try await importer.importFile(revised, name: "sales.tsv", vendorNumber: "85000000")
            #expect(second.key == result.key)
            #expect(second.outcome == .imported(replacedRows: 2))
            #expect(try await database.store.salesLines(vendorNumber: "85000000", day: Self.pacificDay).map(\.units) == [4])
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func aMalformedFileIsRefusedWithItsLineAndNothingStored(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let importer = Self.importer(database.store)
            let written = AppleReportCodec.write(AppleReport(rows: [Self.row("coins.100", units: 3), Self.row("coins.500", units: 1)]))
            // Line 3 (the second row) gets a Units cell that is not a number.
            var lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var cells = lines[2].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let units = try #require(SalesSummaryRow.knownColumns.firstIndex(of: "Units"))
            cells[units] = "one"
            lines[2] = cells.joined(separator: "\t")
            let text = lines.joined(separator: "\n")
            let error = await #expect(throws: ReportImportError.self) {
                try await importer.importFile(Array(text.utf8), name: "S_D_85000000_20261120.txt")
            }
            #expect(error?.code == .malformedReport)
            #expect(error?.line == 3)
            #expect(try await database.store.salesLines(vendorNumber: "85000000", day: Self.pacificDay).isEmpty)
            #expect(try await database.store.currentReport(.dailySales(vendorNumber: "85000000", day: Self.pacificDay)) == nil)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func whatAFileCannotTellIsRefused(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let importer = Self.importer(database.store)
            let rows = Array(AppleReportCodec.write(AppleReport(rows: [Self.row("coins.100", units: 1)])).utf8)
            let cases: [(name: String, bytes: [UInt8], code: ReportImportError.Code)] = [
                ("sales.tsv", rows, .vendorUnknown),
                ("S_D_85000000_20261121.txt", rows, .notOneDay),
                ("S_D_85000000_20261120.txt", Array("a\tb\n1\t2\n".utf8), .malformedReport),
                ("unknown.tsv", Array("a\tb\n1\t2\n".utf8), .unknownReportType),
            ]
            for testCase in cases {
                let error = await #expect(throws: ReportImportError.self, "\(testCase.name)") {
                    try await importer.importFile(testCase.bytes, name: testCase.name)
                }
                #expect(error?.code == testCase.code, "\(testCase.name)")
            }
            #expect(
                try await database.store.importedSalesDays(vendorNumber: "85000000", in: Self.pacificDay...Self.pacificDay.adding(days: 1))
                    .isEmpty)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func otherVersionsFinanceAndEventFilesImportAndAMalformedOneIsRefusedWhole(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let importer = Self.importer(database.store)
            // An older SALES layout (fewer columns, another order) with a column no version has yet.
            let old = """
                SKU\tUnits\tProduct Type Identifier\tDeveloper Proceeds\tBegin Date\tEnd Date\tCustomer Currency\tCountry Code\t\
                Currency of Proceeds\tCustomer Price\tColumn From 2031
                coins.100\t2\tIA1\t0.69\t11/20/2026\t11/20/2026\tUSD\tUS\tUSD\t0.99\tx

                """
            let sales = try await importer.importFile(Array(old.utf8), name: "S_D_85000000_20261120.txt", version: "1_0")
            #expect(sales.rowCount == 1)
            #expect(try await database.store.currentReport(sales.key)?.version == "1_0")
            #expect(try await database.store.salesLines(vendorNumber: "85000000", day: Self.pacificDay).map(\.units) == [2])

            // FINANCE_DETAIL: a preamble before the header, totals after the rows; the month is given.
            let finance = """
                Example Vendor
                Transaction Date\tSettlement Date\tSKU\tProduct Type Identifier\tCountry of Sale\tQuantity\tPartner Share\t\
                Extended Partner Share\tPartner Share Currency\tCustomer Price\tCustomer Currency\tSale or Return\tRegion
                11/20/2026\t11/20/2026\tcoins.100\tIA1\tUS\t2\t0.69\t1.38\tUSD\t0.99\tUSD\tS\tAmericas
                11/21/2026\t11/23/2026\tcoins.100\tIA1\tUS\t-1\t0.69\t-0.69\tUSD\t-0.99\tUSD\tR\tAmericas
                Total_Rows\t2
                Total_Amount\t0.69

                """
            let month = try await importer.importFile(
                Array(finance.utf8), name: "finance.txt", vendorNumber: "85000000", reportDate: "2026-11")
            #expect(month.key == ReconciledReport.financeDetail.key(vendorNumber: "85000000", date: "2026-11") && month.rowCount == 2)
            let refused = await #expect(throws: ReportImportError.self) {
                try await importer.importFile(Array(finance.utf8), name: "finance.txt", vendorNumber: "85000000")
            }
            #expect(refused?.code == .dateUnknown, "a finance file needs its fiscal month")

            // A SUBSCRIPTION_EVENT file whose third line has a quantity that is not a number: refused with the line.
            let events = """
                Event Date\tEvent\tSubscription Name\tCountry\tQuantity
                2026-11-20\tSubscribe\tpro.monthly\tUS\t1
                2026-11-20\tRenew\tpro.monthly\tUS\tmany

                """
            let error = await #expect(throws: ReportImportError.self) {
                try await importer.importFile(Array(events.utf8), name: "Subscription_Event_85000000_20261120.txt")
            }
            #expect(error?.code == .malformedReport && error?.line == 3)
            let eventsKey = ReconciledReport.subscriptionEvent.key(vendorNumber: "85000000", date: "2026-11-20")
            #expect(try await database.store.currentReport(eventsKey) == nil, "nothing of it is stored")
        }
    }
}
