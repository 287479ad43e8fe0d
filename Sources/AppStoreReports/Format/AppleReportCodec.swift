import NIOCore

/// Parses and writes Apple's report files (tab-separated UTF-8, optionally gzip-compressed).
///
/// Parsing is all or nothing: the first malformed line refuses the whole file with its line
/// number and column, and no rows are returned.
public enum AppleReportCodec {
    /// Parses `bytes`, gunzipping first when they start with the gzip magic number.
    public static func parse<Row: AppleReportRow>(_: Row.Type, from bytes: [UInt8]) throws(ReportFormatError) -> AppleReport<Row> {
        try parse(Row.self, text: try text(of: bytes))
    }

    /// Parses report text.
    public static func parse<Row: AppleReportRow>(_: Row.Type, text: String) throws(ReportFormatError) -> AppleReport<Row> {
        try parseNumbered(Row.self, text: text).report
    }

    /// Parses `bytes` like ``parse(_:from:)`` and also returns each row's 1-based line in the
    /// (decompressed) file, so what is built from a row can name where it came from.
    public static func parseNumbered<Row: AppleReportRow>(
        _: Row.Type, from bytes: [UInt8]
    ) throws(ReportFormatError) -> (report: AppleReport<Row>, lines: [Int]) {
        try parseNumbered(Row.self, text: try text(of: bytes))
    }

    /// The text of a report file, gunzipped first when it is gzip; refused unless UTF-8.
    public static func text(of bytes: [UInt8]) throws(ReportFormatError) -> String {
        let plain = ReportCompression.isGzip(bytes) ? try ReportCompression.gunzip(bytes) : bytes
        guard let text = String(validating: plain, as: UTF8.self) else {
            throw ReportFormatError(.invalidText, reason: "the report is not UTF-8 text")
        }
        return text
    }

    static func parseNumbered<Row: AppleReportRow>(
        _: Row.Type, text: String
    ) throws(ReportFormatError) -> (report: AppleReport<Row>, lines: [Int]) {
        let table = try ReportTable(text: text, requiredColumns: Row.requiredColumns, allowsPreamble: Row.allowsPreambleAndTotals)
        let header = try ReportHeader(names: table.header, line: table.headerLine, required: Row.requiredColumns)
        let columns = header.columns(known: Row.knownColumns)
        var rows: [Row] = []
        rows.reserveCapacity(table.lines.count)
        for line in table.lines {
            guard line.cells.count == table.header.count else {
                throw ReportFormatError(
                    .wrongCellCount, line: line.number,
                    reason: "the line has \(line.cells.count) cells but the header has \(table.header.count)")
            }
            let reader = ReportFieldReader(line: line.number, cells: line.cells, columns: columns)
            rows.append(try Row(reading: reader, extraColumns: reader.unknownCells()))
        }
        return (AppleReport(rows: rows, preamble: table.preamble, totals: table.trailer), table.lines.map(\.number))
    }

    /// Writes `report` as Apple prints it: the known columns in Apple's order, then every extra
    /// column any row carries (sorted by name), tab-separated, `\n` after each line.
    public static func write<Row: AppleReportRow>(_ report: AppleReport<Row>) -> String {
        let extraNames = Set(report.rows.flatMap { $0.extraColumns.keys }).sorted()
        var text = ""
        for line in report.preamble { text += line + "\n" }
        text += (Row.knownColumns + extraNames).joined(separator: "\t") + "\n"
        for row in report.rows {
            let extras = extraNames.map { row.extraColumns[$0] ?? "" }
            text += (row.knownCells + extras).joined(separator: "\t") + "\n"
        }
        for line in report.totals { text += line + "\n" }
        return text
    }

    /// Writes `report` gzip-compressed, as the App Store Connect API serves it.
    public static func writeGzip<Row: AppleReportRow>(_ report: AppleReport<Row>) -> [UInt8] {
        ReportCompression.gzip(Array(write(report).utf8))
    }
}
