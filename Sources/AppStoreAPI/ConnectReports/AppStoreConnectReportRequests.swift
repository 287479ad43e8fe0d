public import AppStoreModels
public import AppStoreReports

/// `filter[frequency]` of Download Sales and Trends Reports.
public struct SalesReportFrequency: OpenEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let daily = SalesReportFrequency(rawValue: "DAILY")
    public static let weekly = SalesReportFrequency(rawValue: "WEEKLY")
    public static let monthly = SalesReportFrequency(rawValue: "MONTHLY")
    public static let yearly = SalesReportFrequency(rawValue: "YEARLY")
    public static let knownValues: [SalesReportFrequency] = [.daily, .weekly, .monthly, .yearly]
    public var description: String { rawValue }
}

/// `filter[reportType]` of Download Sales and Trends Reports (the types this project reads;
/// Apple's table in "Download sales and trends reports" lists more, all accepted as raw values).
public struct SalesReportType: OpenEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let sales = SalesReportType(rawValue: "SALES")
    public static let subscription = SalesReportType(rawValue: "SUBSCRIPTION")
    public static let subscriptionEvent = SalesReportType(rawValue: "SUBSCRIPTION_EVENT")
    public static let subscriber = SalesReportType(rawValue: "SUBSCRIBER")
    public static let knownValues: [SalesReportType] = [.sales, .subscription, .subscriptionEvent, .subscriber]
    public var description: String { rawValue }
}

/// `filter[reportSubType]` of Download Sales and Trends Reports.
public struct SalesReportSubType: OpenEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let summary = SalesReportSubType(rawValue: "SUMMARY")
    public static let detailed = SalesReportSubType(rawValue: "DETAILED")
    public static let knownValues: [SalesReportSubType] = [.summary, .detailed]
    public var description: String { rawValue }
}

/// `filter[reportType]` of Download Finance Reports.
public struct FinanceReportType: OpenEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let financial = FinanceReportType(rawValue: "FINANCIAL")
    public static let financeDetail = FinanceReportType(rawValue: "FINANCE_DETAIL")
    public static let knownValues: [FinanceReportType] = [.financial, .financeDetail]
    public var description: String { rawValue }
}

/// The filters of `GET /v1/salesReports`.
public struct SalesReportRequest: Hashable, Sendable {
    /// `filter[frequency]`.
    public var frequency: SalesReportFrequency
    /// `filter[reportType]`.
    public var reportType: SalesReportType
    /// `filter[reportSubType]`.
    public var reportSubType: SalesReportSubType
    /// `filter[vendorNumber]`: the vendor number from App Store Connect › Payments and Financial Reports.
    public var vendorNumber: String
    /// `filter[reportDate]`: `YYYY-MM-DD` for daily and weekly, `YYYY-MM` monthly, `YYYY` yearly;
    /// nil asks for the latest report.
    public var reportDate: String?
    /// `filter[version]`: the report format version; nil lets Apple choose where it allows it.
    public var version: String?

    public init(
        frequency: SalesReportFrequency, reportType: SalesReportType, reportSubType: SalesReportSubType,
        vendorNumber: String, reportDate: String?, version: String?
    ) {
        self.frequency = frequency
        self.reportType = reportType
        self.reportSubType = reportSubType
        self.vendorNumber = vendorNumber
        self.reportDate = reportDate
        self.version = version
    }

    /// SALES / SUMMARY / DAILY for one Pacific day (version left to Apple).
    public static func dailySalesSummary(vendorNumber: String, day: ReportDay, version: String? = nil) -> SalesReportRequest {
        SalesReportRequest(
            frequency: .daily, reportType: .sales, reportSubType: .summary, vendorNumber: vendorNumber,
            reportDate: day.isoFormatted, version: version)
    }

    /// SUBSCRIPTION_EVENT / SUMMARY / DAILY for one day. Apple requires a version for
    /// subscription reports; 1_3 is the version whose columns App Store Connect Help documents
    /// (1_2 "is no longer available for download").
    public static func dailySubscriptionEvents(vendorNumber: String, day: ReportDay, version: String = "1_3") -> SalesReportRequest {
        SalesReportRequest(
            frequency: .daily, reportType: .subscriptionEvent, reportSubType: .summary, vendorNumber: vendorNumber,
            reportDate: day.isoFormatted, version: version)
    }

    /// The query items, in a fixed order.
    var queryItems: [(name: String, value: String)] {
        var items = [
            ("filter[frequency]", frequency.rawValue), ("filter[reportSubType]", reportSubType.rawValue),
            ("filter[reportType]", reportType.rawValue), ("filter[vendorNumber]", vendorNumber),
        ]
        if let reportDate { items.append(("filter[reportDate]", reportDate)) }
        if let version { items.append(("filter[version]", version)) }
        return items
    }
}

/// The filters of `GET /v1/financeReports`.
public struct FinanceReportRequest: Hashable, Sendable {
    /// `filter[regionCode]`: a region (`US`, `EU`, …), `ZZ` for all regions consolidated
    /// (FINANCIAL) or `Z1` for every region in one FINANCE_DETAIL file.
    public var regionCode: String
    /// `filter[reportDate]`: Apple's fiscal period, `YYYY-PP` — the fiscal year and the period's
    /// number in it, 01 being the one that ends in October (Apple's fiscal year starts then):
    /// `2020-06` is the fiscal month named March 2020. ``financeDetail(vendorNumber:fiscalYear:month:)``
    /// writes it from the month's calendar name (``FiscalPeriod``).
    public var reportDate: String
    /// `filter[reportType]`.
    public var reportType: FinanceReportType
    /// `filter[vendorNumber]`.
    public var vendorNumber: String

    public init(regionCode: String, reportDate: String, reportType: FinanceReportType, vendorNumber: String) {
        self.regionCode = regionCode
        self.reportDate = reportDate
        self.reportType = reportType
        self.vendorNumber = vendorNumber
    }

    /// FINANCE_DETAIL for every region (`Z1`) of the fiscal month named after calendar month
    /// `year`-`month` (the one ending in it), sent as its fiscal period (see ``reportDate``).
    public static func financeDetail(vendorNumber: String, fiscalYear year: Int, month: Int) -> FinanceReportRequest {
        FinanceReportRequest(
            regionCode: "Z1", reportDate: FiscalPeriod.text(year: year, month: month), reportType: .financeDetail,
            vendorNumber: vendorNumber)
    }

    var queryItems: [(name: String, value: String)] {
        [
            ("filter[regionCode]", regionCode), ("filter[reportDate]", reportDate), ("filter[reportType]", reportType.rawValue),
            ("filter[vendorNumber]", vendorNumber),
        ]
    }
}

/// What a report download gave: the file, or Apple's answer that there is none.
public enum AppStoreConnectReportResult: Hashable, Sendable {
    /// The report file as served (gzip-compressed TSV).
    case report(DownloadedReport)
    /// HTTP 404: no report for these filters — a day without sales, or a day Apple has not
    /// published yet (Apple answers both with the same status; `detail` is its message, for
    /// example "There were no sales for the date specified."). Not an error.
    case noReport(detail: String?)
}

/// A downloaded report file, kept byte for byte (the import stores it once, by content hash).
public struct DownloadedReport: Hashable, Sendable {
    /// The body as Apple served it.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses the file as rows of `Row` (gunzipping it first).
    public func parse<Row: AppleReportRow>(_: Row.Type) throws(ReportFormatError) -> AppleReport<Row> {
        try AppleReportCodec.parse(Row.self, from: bytes)
    }
}
