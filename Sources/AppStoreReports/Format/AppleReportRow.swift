/// A row type of one of Apple's tab-separated reports: which columns it knows, how it reads
/// itself from a line and writes itself back.
public protocol AppleReportRow: Hashable, Sendable {
    /// Every column this type knows, in the order Apple prints them (the writer's order).
    static var knownColumns: [String] { get }
    /// The columns a file must have for this type (a missing optional column reads as nil).
    static var requiredColumns: [String] { get }
    /// Whether a file may carry lines before the header and `Total_` lines after the rows.
    static var allowsPreambleAndTotals: Bool { get }

    /// Reads one data line. `extraColumns` receives the non-empty cells of unknown columns.
    init(reading fields: ReportFieldReader, extraColumns: [String: String]) throws(ReportFormatError)

    /// The cell text of each of ``knownColumns``, in that order ("" for an absent value).
    var knownCells: [String] { get }
    /// Cells of columns this type does not know, by header name, kept from the file.
    var extraColumns: [String: String] { get }
}

extension AppleReportRow {
    public static var allowsPreambleAndTotals: Bool { false }
}

/// A parsed report file: its rows, plus what surrounded them.
public struct AppleReport<Row: AppleReportRow>: Hashable, Sendable {
    /// The data rows, in file order.
    public var rows: [Row]
    /// Lines before the header, as written (finance reports only).
    public var preamble: [String]
    /// `Total_…` lines after the rows, as written (finance reports only).
    public var totals: [String]

    /// A report of `rows` with nothing around them.
    public init(rows: [Row], preamble: [String] = [], totals: [String] = []) {
        self.rows = rows
        self.preamble = preamble
        self.totals = totals
    }
}
