/// The tab-separated text of a report split into a header and data lines, with 1-based line
/// numbers kept for errors. Cells are not unquoted: Apple's reports do not quote.
struct ReportTable {
    /// One data line: its 1-based line number in the file and its cells.
    struct Line {
        let number: Int
        let cells: [Substring]
    }

    /// The header cells as written.
    let header: [String]
    /// The 1-based line of the header.
    let headerLine: Int
    /// Lines before the header (finance reports may carry a preamble), as written.
    let preamble: [String]
    /// The data lines, in file order; blank lines are skipped.
    let lines: [Line]
    /// Lines after the data whose first cell starts with `Total_` (finance reports' totals).
    let trailer: [String]

    /// Splits `text` into lines (`\n` or `\r\n`). The header is the first line holding every one
    /// of `requiredColumns` (case-insensitive); when `allowsPreamble` is false it must be line 1.
    init(text: String, requiredColumns: [String], allowsPreamble: Bool) throws(ReportFormatError) {
        // "\r\n" is one Character in Swift, so both line ends are separators in their own right.
        var rawLines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        if let first = rawLines.first, first.hasPrefix("\u{FEFF}") { rawLines[0] = first.dropFirst() }
        while let last = rawLines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { rawLines.removeLast() }
        guard !rawLines.isEmpty else { throw ReportFormatError(.emptyReport, reason: "the file holds no header line") }

        let required = Set(requiredColumns.map(ReportHeader.key))
        var headerIndex = 0
        if allowsPreamble {
            guard
                let found = rawLines.firstIndex(where: { line in
                    required.isSubset(of: Set(line.split(separator: "\t", omittingEmptySubsequences: false).map(ReportHeader.key)))
                })
            else {
                throw ReportFormatError(.missingColumn, line: 1, reason: "no line holds the report's header columns")
            }
            headerIndex = found
        }
        header = rawLines[headerIndex].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        headerLine = headerIndex + 1
        preamble = rawLines[..<headerIndex].map(String.init)

        var lines: [Line] = []
        var trailer: [String] = []
        for index in (headerIndex + 1)..<rawLines.count {
            let raw = rawLines[index]
            if raw.isEmpty { continue }
            if allowsPreamble, raw.hasPrefix("Total_") || !trailer.isEmpty {
                trailer.append(String(raw))
                continue
            }
            lines.append(Line(number: index + 1, cells: raw.split(separator: "\t", omittingEmptySubsequences: false)))
        }
        self.lines = lines
        self.trailer = trailer
    }
}
