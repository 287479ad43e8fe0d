public import AppStoreModels

/// Which report a file is, as the App Store Connect API names it: the filters that download it.
/// One key has one current file; a revised file for the same key replaces the rows of the older one.
public struct ReportKey: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The vendor number of the account (Payments and Financial Reports).
    public var vendorNumber: String
    /// `SALES`, `SUBSCRIPTION_EVENT` or `FINANCE_DETAIL`.
    public var reportType: String
    /// `SUMMARY` for Sales and Trends; the region code (`Z1`) for a finance report.
    public var reportSubType: String
    /// `DAILY` or, for a finance report, `MONTHLY`.
    public var frequency: String
    /// `YYYY-MM-DD` for a daily report, `YYYY-MM` for a monthly one.
    public var reportDate: String

    public init(vendorNumber: String, reportType: String, reportSubType: String, frequency: String, reportDate: String) {
        self.vendorNumber = vendorNumber
        self.reportType = reportType
        self.reportSubType = reportSubType
        self.frequency = frequency
        self.reportDate = reportDate
    }

    /// The key of a daily SALES SUMMARY report.
    public static func dailySales(vendorNumber: String, day: PacificDay) -> ReportKey {
        ReportKey(
            vendorNumber: vendorNumber, reportType: "SALES", reportSubType: "SUMMARY", frequency: "DAILY", reportDate: day.description)
    }

    public var description: String { "\(reportType)/\(reportSubType)/\(frequency) \(reportDate) vendor \(vendorNumber)" }
}

/// One report file exactly as it was imported (gzip or plain), stored once per content.
public struct ReportFile: Hashable, Sendable {
    public var key: ReportKey
    /// The report's format version (`1_0`, `1_3`…); empty when unknown.
    public var version: String
    /// Lowercase hex SHA-256 of the report's text (`content` gunzipped): the same report text is the same file.
    public var sha256: String
    /// The bytes as received.
    public var content: [UInt8]
    /// How many data rows the file holds.
    public var rowCount: Int
    public var importedAt: Timestamp

    public init(key: ReportKey, version: String, sha256: String, content: [UInt8], rowCount: Int, importedAt: Timestamp) {
        self.key = key
        self.version = version
        self.sha256 = sha256
        self.content = content
        self.rowCount = rowCount
        self.importedAt = importedAt
    }
}

/// What storing a report file did.
public enum ReportImportOutcome: Hashable, Sendable {
    /// The file is new: its rows are now the report's rows; `replacedRows` rows of an earlier
    /// revision of the same report were removed.
    case imported(replacedRows: Int)
    /// A file with the same bytes was imported before: nothing changed.
    case unchanged
}
