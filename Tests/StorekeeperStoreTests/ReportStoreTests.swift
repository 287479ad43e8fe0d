import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperTesting
import Testing

/// ``ReportStore`` over both backends: files stored once by content, a revision replacing its
/// report's rows, the transactions a day's reconciliation reads, runs replaced per day.
@Suite("Report store")
struct ReportStoreTests {
    static let day = PacificDay(year: 2026, month: 11, day: 20)!
    static let key = ReportKey.dailySales(vendorNumber: "85000000", day: day)

    static func file(_ text: String, rows: Int, at offset: Int64 = 0) -> ReportFile {
        let bytes = Array(text.utf8)
        return ReportFile(
            key: key, version: "1_0", sha256: bytes.map { String($0, radix: 16) }.joined(), content: bytes, rowCount: rows,
            importedAt: Timestamp(millisecondsSince1970: 1_700_000_000_000 + offset))
    }

    static func line(_ number: Int, sku: String, units: Int, price: Int64 = 990) -> ReportSalesLine {
        ReportSalesLine(
            day: day, line: number, sku: sku, productTypeIdentifier: "IA1", countryCode: "US", customerCurrency: "USD",
            customerPrice: price, units: units, developerProceeds: 690, proceedsCurrency: "USD")
    }

    @Test(arguments: StoreTestBackend.available)
    func aFileIsStoredOnceAndARevisionReplacesTheDaysRows(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            let first = Self.file("first revision", rows: 2)
            let firstLines = [Self.line(2, sku: "coins.100", units: 3), Self.line(3, sku: "coins.500", units: -1, price: -4990)]
            #expect(try await store.importReport(first, salesLines: firstLines) == .imported(replacedRows: 0))
            #expect(try await store.salesLines(vendorNumber: "85000000", day: Self.day) == firstLines)
            #expect(try await store.currentReport(Self.key) == first)

            // The same bytes again, from either instance: nothing changes.
            #expect(try await database.otherInstance.importReport(first, salesLines: firstLines) == .unchanged)
            #expect(try await store.salesLines(vendorNumber: "85000000", day: Self.day) == firstLines)

            let revised = Self.file("second revision", rows: 1, at: 1)
            let revisedLines = [Self.line(2, sku: "coins.100", units: 4)]
            #expect(try await store.importReport(revised, salesLines: revisedLines) == .imported(replacedRows: 2))
            #expect(try await store.salesLines(vendorNumber: "85000000", day: Self.day) == revisedLines)
            #expect(try await store.currentReport(Self.key)?.sha256 == revised.sha256)

            // Re-importing the older bytes is a no-op: the revision stays current.
            #expect(try await store.importReport(first, salesLines: firstLines) == .unchanged)
            #expect(try await store.salesLines(vendorNumber: "85000000", day: Self.day) == revisedLines)

            let week = Self.day.adding(days: -3)...Self.day.adding(days: 3)
            #expect(try await store.importedSalesDays(vendorNumber: "85000000", in: week) == [Self.day])
            #expect(try await store.importedSalesDays(vendorNumber: "85000001", in: week).isEmpty)
            #expect(
                try await store.importedSalesDays(vendorNumber: "85000000", in: Self.day.adding(days: 1)...Self.day.adding(days: 3)).isEmpty
            )
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func aDaysTransactionsAreThoseBoughtOrRevokedInIt(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            let start = Self.day.start
            let end = Self.day.end
            func fact(
                _ id: String, bought: Timestamp, revoked: Timestamp? = nil, environment: AppStoreEnvironment = .production
            )
                -> AppleTransaction
            {
                AppleTransaction(
                    environment: environment, transactionId: id, originalTransactionId: id, productId: "coins.100",
                    productType: .consumable, purchaseDate: bought, revocationDate: revoked, price: 990, currency: "USD",
                    storefront: "USA", signedDate: bought, source: .storeKit2)
            }
            /// A group purchase of the day before, its latest record signed at `signed`.
            func seats(_ id: String, revoked: Int32?, signed: Timestamp) -> AppleTransaction {
                var group = fact(id, bought: start.adding(milliseconds: -86_400_000))
                group.quantity = 5
                group.signedDate = signed
                group.multiSeatInfo = TransactionMultiSeatInfo(
                    invitationManagement: .apple, priceTiers: [MultiSeatPriceTier(tierPrice: 990, tierQuantity: 5)],
                    revokedSeatQuantity: revoked)
                return group
            }
            let facts = [
                fact("in-day", bought: start),
                fact("last-millisecond", bought: end.adding(milliseconds: -1)),
                fact("next-day", bought: end),
                fact("day-before", bought: start.adding(milliseconds: -1)),
                fact("refunded-in-day", bought: start.adding(milliseconds: -86_400_000), revoked: start.adding(milliseconds: 5)),
                fact("bought-and-refunded-in-day", bought: start.adding(milliseconds: 1), revoked: start.adding(milliseconds: 2)),
                fact("sandbox", bought: start, environment: .sandbox),
                seats("seats-refunded-in-day", revoked: 2, signed: start.adding(milliseconds: 7)),
                seats("seats-refunded-day-before", revoked: 2, signed: start.adding(milliseconds: -1)),
                seats("seats-resigned-in-day", revoked: nil, signed: start.adding(milliseconds: 7)),
            ]
            let customer = try #require(CustomerID(rawValue: "alice"))
            try await store.write { tx in
                for fact in facts { _ = try await tx.upsertTransaction(fact, customerId: customer, orderId: nil) }
            }
            let read = try await store.transactionsBoughtOrRevoked(environment: .production, from: start, to: end)
            #expect(
                read.map(\.transactionId).sorted() == [
                    "bought-and-refunded-in-day", "in-day", "last-millisecond", "refunded-in-day", "seats-refunded-in-day",
                ])
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func aRunReplacesTheDaysEarlierRun(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            #expect(try await store.reconciliation(vendorNumber: "85000000", day: Self.day) == nil)
            let matched = ReconciliationLine(
                outcome: .matched, sku: "coins.100", productClass: .inAppPurchase, countryCode: "US", currency: "USD",
                subscription: nil, storekeeperPrice: 990, reportPrice: 990, storekeeperUnits: 2, reportUnits: 2, reportLines: [2],
                transactionIds: ["1", "2"])
            var missing = matched
            missing.outcome = .missingInStorekeeper
            missing.storekeeperPrice = nil
            missing.storekeeperUnits = 0
            missing.transactionIds = []
            missing.candidates = ["2000000123"]
            let first = ReconciliationRun(
                vendorNumber: "85000000", day: Self.day, ranAt: Timestamp(millisecondsSince1970: 1), reportSHA256: "a",
                lines: [matched, missing])
            try await store.saveReconciliation(first)
            #expect(try await store.reconciliation(vendorNumber: "85000000", day: Self.day) == first)
            #expect(first.counts[.matched] == 1 && first.counts[.missingInStorekeeper] == 1 && first.counts[.priceDiffers] == 0)

            let second = ReconciliationRun(
                vendorNumber: "85000000", day: Self.day, ranAt: Timestamp(millisecondsSince1970: 2), reportSHA256: "b", lines: [matched])
            try await database.otherInstance.saveReconciliation(second)
            #expect(try await store.reconciliation(vendorNumber: "85000000", day: Self.day) == second)
            #expect(try await store.reconciliation(vendorNumber: "85000000", day: Self.day.adding(days: 1)) == nil)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func eachReportTypeKeepsItsOwnRunOfADate(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            var event = ReconciliationLine(
                outcome: .missingInStorekeeper, sku: "pro.monthly", productClass: .autoRenewable, countryCode: "US", currency: "",
                subscription: nil, storekeeperPrice: nil, reportPrice: nil, storekeeperUnits: 0, reportUnits: 1, reportLines: [3])
            event.event = SubscriptionEventKind.renewal.rawValue
            event.reportEvents = ["Renew"]
            let sales = ReconciliationRun(
                vendorNumber: "85000000", day: Self.day, ranAt: Timestamp(millisecondsSince1970: 1), reportSHA256: "s", lines: [])
            let events = ReconciliationRun(
                vendorNumber: "85000000", reportType: "SUBSCRIPTION_EVENT", reportDate: Self.day.description,
                ranAt: Timestamp(millisecondsSince1970: 2), reportSHA256: "e", lines: [event])
            var settled = event
            settled.outcome = .settledInOtherMonth
            settled.transactionDay = Self.day
            settled.settlementDays = [Self.day.adding(days: 2)]
            settled.estimatedProceeds = 6930
            settled.note = "settled in another fiscal month's report"
            let finance = ReconciliationRun(
                vendorNumber: "85000000", reportType: "FINANCE_DETAIL", reportDate: "2026-11", ranAt: Timestamp(millisecondsSince1970: 3),
                reportSHA256: "f", lines: [settled])
            // A day's two runs in one commit, as a reconciliation of many days stores them.
            try await store.saveReconciliations([sales, events])
            try await store.saveReconciliation(finance)
            #expect(try await store.reconciliation(vendorNumber: "85000000", day: Self.day) == sales)
            #expect(
                try await store.reconciliation(vendorNumber: "85000000", reportType: "SUBSCRIPTION_EVENT", reportDate: "2026-11-20")
                    == events)
            #expect(
                try await store.reconciliation(vendorNumber: "85000000", reportType: "FINANCE_DETAIL", reportDate: "2026-11") == finance)
            #expect(finance.discrepancies.isEmpty, "settled in another month is explained")
            #expect(try await store.reconciliation(vendorNumber: "85000000", reportType: "FINANCE_DETAIL", reportDate: "2026-10") == nil)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func proceedsObservationsSumTheSalesRowsOfTheDays(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            func row(
                _ number: Int, units: Int, price: Int64, proceeds: Int64, currency: String = "EUR", proceedsCurrency: String = "EUR"
            )
                -> ReportSalesLine
            {
                ReportSalesLine(
                    day: Self.day, line: number, sku: "coins.100", productTypeIdentifier: "IA1", countryCode: "DE",
                    customerCurrency: currency, customerPrice: price, units: units, developerProceeds: proceeds,
                    proceedsCurrency: proceedsCurrency)
            }
            let lines = [
                row(2, units: 3, price: 1990, proceeds: 1170), row(3, units: 1, price: 1990, proceeds: 1170),
                row(4, units: -1, price: -1990, proceeds: 1170),  // a refund: left out
                row(5, units: 2, price: 1990, proceeds: 1300, proceedsCurrency: "USD"),  // paid in another currency: left out
            ]
            #expect(try await store.importReport(Self.file("rows", rows: 4), salesLines: lines) == .imported(replacedRows: 0))
            let observed = try await store.proceedsObservations(vendorNumber: "85000000", in: Self.day...Self.day)
            #expect(
                observed == [
                    ProceedsObservation(
                        sku: "coins.100", countryCode: "DE", currency: "EUR", reducedRate: false, price: 7960, proceeds: 4680)
                ])
            #expect(
                try await store.proceedsObservations(vendorNumber: "85000000", in: Self.day.adding(days: 1)...Self.day.adding(days: 2))
                    .isEmpty)
        }
    }
}
