public import AppStoreReports

/// Why a report file was not imported. Nothing of a refused file is stored.
public struct ReportImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable kinds of refusal.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file is not a report Apple's format allows (``ReportFormatError`` has the detail).
        public static let malformedReport = Code(rawValue: "malformedReport")
        /// The header is not that of a SALES SUMMARY, SUBSCRIPTION_EVENT or FINANCE_DETAIL report.
        public static let unknownReportType = Code(rawValue: "unknownReportType")
        /// Neither the file name nor the caller says which vendor the report is of.
        public static let vendorUnknown = Code(rawValue: "vendorUnknown")
        /// The report's day or month cannot be told (no rows, no Apple file name, no date given).
        public static let dateUnknown = Code(rawValue: "dateUnknown")
        /// A SALES file whose rows are not all of one day (weekly, monthly or yearly reports are
        /// not reconciled), or whose day differs from the one its name or the caller gives.
        public static let notOneDay = Code(rawValue: "notOneDay")
        /// An amount with more decimals than a milliunit.
        public static let amountTooPrecise = Code(rawValue: "amountTooPrecise")
    }

    public let code: Code
    /// The 1-based line of the file, when the refusal concerns one line.
    public let line: Int?
    public let reason: String

    public init(_ code: Code, line: Int? = nil, _ reason: String) {
        self.code = code
        self.line = line
        self.reason = reason
    }

    /// A format refusal, keeping its line.
    public init(_ error: ReportFormatError) {
        self.init(.malformedReport, line: error.line, error.description)
    }

    public var description: String {
        "\(code.rawValue)" + (line.map { " at line \($0)" } ?? "") + ": " + reason
    }
}
