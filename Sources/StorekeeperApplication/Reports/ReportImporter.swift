public import AppStoreModels
package import AppStoreReports
import Crypto
public import Storekeeper

/// Imports App Store Connect report files into a ``ReportStore``: SALES SUMMARY (daily),
/// SUBSCRIPTION_EVENT (daily) and FINANCE_DETAIL (monthly), gzip or plain.
///
/// All or nothing per file: it is parsed whole first, and a malformed file is refused with its
/// line number before anything is stored. The same bytes again change nothing; a revised file
/// of the same report (vendor, type and date) replaces the report's rows.
///
/// Which report a file is comes from Apple's file name when it has one (`S_D_<vendor>_<YYYYMMDD>`,
/// `Subscription_Event_<vendor>_<YYYYMMDD>`), else from its header; the vendor and date the
/// caller gives fill what the name does not say (a SALES file's day is also its rows' day).
public struct ReportImporter: Sendable {
    /// What importing one file did.
    public struct Result: Hashable, Sendable {
        public var key: ReportKey
        public var outcome: ReportImportOutcome
        public var rowCount: Int
    }

    package let store: any ReportStore
    package let now: any WallClock

    public init(store: any ReportStore, now: any WallClock) {
        self.store = store
        self.now = now
    }

    /// Imports `bytes`. `name` is the file's name (or path); `vendorNumber`, `reportDate`
    /// (`YYYY-MM-DD`, or `YYYY-MM` for a finance report) and `version` are used where the file
    /// does not tell.
    public func importFile(
        _ bytes: [UInt8], name: String?, vendorNumber: String? = nil, reportDate: String? = nil, version: String? = nil
    ) async throws -> Result {
        let parsed = try Self.parse(bytes, name: name, vendorNumber: vendorNumber, reportDate: reportDate)
        // The hash is of the report's text, so a gzip file and its plain text are one file.
        let file = ReportFile(
            key: parsed.key, version: version ?? "", sha256: SHA256.hash(data: Array(parsed.text.utf8)).map { Self.hex($0) }.joined(),
            content: bytes, rowCount: parsed.rowCount, importedAt: now())
        let outcome = try await store.importReport(file, salesLines: parsed.salesLines)
        return Result(key: parsed.key, outcome: outcome, rowCount: parsed.rowCount)
    }

    /// A file parsed and identified, before anything is stored.
    package struct Parsed {
        /// The file's text (gunzipped).
        package var text: String
        package var key: ReportKey
        package var rowCount: Int
        package var salesLines: [ReportSalesLine]
    }

    package static func parse(_ bytes: [UInt8], name: String?, vendorNumber: String?, reportDate: String?) throws -> Parsed {
        let text: String
        do {
            text = try AppleReportCodec.text(of: bytes)
        } catch {
            throw ReportImportError(error)
        }
        let fileName = name.flatMap(AppleReportFileName.init(path:))
        guard let type = fileName?.type ?? AppleReportType.detect(text: text) else {
            throw ReportImportError(.unknownReportType, "no line holds the columns of a SALES, SUBSCRIPTION_EVENT or FINANCE_DETAIL report")
        }
        guard let vendor = fileName?.vendorNumber ?? vendorNumber, !vendor.isEmpty else {
            throw ReportImportError(.vendorUnknown, "the file name is not Apple's; give the vendor number")
        }
        let givenDate = fileName?.day.isoFormatted ?? reportDate
        do {
            switch type {
            case .salesSummary:
                let (report, lines) = try AppleReportCodec.parseNumbered(SalesSummaryRow.self, from: Array(text.utf8))
                let day = try salesDay(report.rows, lines: lines, given: givenDate)
                let salesLines = try zip(report.rows, lines).map { row, line in try salesLine(row, line: line, day: day) }
                return Parsed(
                    text: text, key: .dailySales(vendorNumber: vendor, day: day), rowCount: report.rows.count, salesLines: salesLines)
            case .subscriptionEvent:
                let report = try AppleReportCodec.parse(SubscriptionEventRow.self, text: text)
                let days = Set(report.rows.map(\.eventDate.isoFormatted))
                guard let date = givenDate ?? (days.count == 1 ? days.first : nil) else {
                    throw ReportImportError(.dateUnknown, "the file's events are not of one day; give the report date")
                }
                return Parsed(
                    text: text,
                    key: ReportKey(
                        vendorNumber: vendor, reportType: type.apiReportType, reportSubType: "SUMMARY", frequency: "DAILY",
                        reportDate: date), rowCount: report.rows.count, salesLines: [])
            case .financeDetail:
                let report = try AppleReportCodec.parse(FinanceDetailRow.self, text: text)
                guard let month = reportDate, month.utf8.count == 7 else {
                    throw ReportImportError(.dateUnknown, "a finance report's fiscal month (YYYY-MM) must be given")
                }
                return Parsed(
                    text: text,
                    key: ReportKey(
                        vendorNumber: vendor, reportType: type.apiReportType, reportSubType: "Z1", frequency: "MONTHLY",
                        reportDate: month), rowCount: report.rows.count, salesLines: [])
            }
        } catch let error as ReportFormatError {
            throw ReportImportError(error)
        }
    }

    /// The one Pacific day every row of a daily SALES file covers (and the name or caller gives).
    package static func salesDay(_ rows: [SalesSummaryRow], lines: [Int], given: String?) throws -> PacificDay {
        var day: ReportDay?
        for (row, line) in zip(rows, lines) {
            guard row.beginDate == row.endDate, day == nil || day == row.beginDate else {
                throw ReportImportError(.notOneDay, line: line, "the row covers \(row.beginDate)…\(row.endDate), not the file's one day")
            }
            day = row.beginDate
        }
        if let given {
            guard let givenDay = PacificDay(iso: given) else { throw ReportImportError(.dateUnknown, "\(given) is not a YYYY-MM-DD day") }
            if let day, day.isoFormatted != given {
                throw ReportImportError(.notOneDay, "the rows are of \(day), the file is named or given as \(given)")
            }
            return givenDay
        }
        guard let day, let pacific = PacificDay(iso: day.isoFormatted) else {
            throw ReportImportError(.dateUnknown, "the file has no rows and no Apple file name; give the report date")
        }
        return pacific
    }

    package static func salesLine(_ row: SalesSummaryRow, line: Int, day: PacificDay) throws -> ReportSalesLine {
        guard let price = row.customerPrice.minorUnits(scale: 3), let proceeds = row.developerProceeds.minorUnits(scale: 3) else {
            throw ReportImportError(.amountTooPrecise, line: line, "a price or proceeds has more than three decimals")
        }
        return ReportSalesLine(
            day: day, line: line, sku: row.sku, productTypeIdentifier: row.productTypeIdentifier, countryCode: row.countryCode,
            customerCurrency: row.customerCurrency, customerPrice: price, units: row.units, developerProceeds: proceeds,
            proceedsCurrency: row.currencyOfProceeds, subscription: row.subscription?.rawValue, proceedsReason: row.proceedsReason,
            parentIdentifier: row.parentIdentifier)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
