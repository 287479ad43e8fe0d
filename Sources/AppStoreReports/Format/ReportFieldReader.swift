/// Typed access to the cells of one data line, by column name; every failure names the line
/// and column. Row types read themselves through it.
public struct ReportFieldReader: Sendable {
    /// The 1-based line in the file.
    public let line: Int
    private let cells: [Substring]
    private let columns: ReportColumns

    init(line: Int, cells: [Substring], columns: ReportColumns) {
        self.line = line
        self.cells = cells
        self.columns = columns
    }

    /// The raw cell of `column`, or nil when the file has no such column.
    public func cell(_ column: String) -> Substring? {
        columns.position(of: column).map { cells[$0] }
    }

    /// A text cell that must be present and not empty.
    public func text(_ column: String) throws(ReportFormatError) -> String {
        guard let value = cell(column)?.trimmingSpaces(), !value.isEmpty else {
            throw invalid(column, "the cell is empty but the column is required")
        }
        return value
    }

    /// A text cell that may be missing (column absent) or empty; both read as nil.
    public func optionalText(_ column: String) -> String? {
        guard let value = cell(column)?.trimmingSpaces(), !value.isEmpty else { return nil }
        return value
    }

    /// An exact decimal amount.
    public func decimal(_ column: String) throws(ReportFormatError) -> ReportDecimal {
        let value = try text(column)
        guard let amount = ReportDecimal(Substring(value)) else { throw invalid(column, "\"\(value.prefix(40))\" is not a decimal amount") }
        return amount
    }

    /// An exact decimal amount that may be missing or empty.
    public func optionalDecimal(_ column: String) throws(ReportFormatError) -> ReportDecimal? {
        guard optionalText(column) != nil else { return nil }
        return try decimal(column)
    }

    /// A whole count, negative allowed (refunds). Apple types some unit columns DECIMAL(18,2), so
    /// `3.00` reads as 3; a count with a non-zero fraction is refused.
    public func count(_ column: String) throws(ReportFormatError) -> Int {
        let value = try text(column)
        guard let amount = ReportDecimal(Substring(value)), let whole = amount.minorUnits(scale: 0), let count = Int(exactly: whole) else {
            throw invalid(column, "\"\(value.prefix(40))\" is not a whole number")
        }
        return count
    }

    /// A whole count that may be missing or empty.
    public func optionalCount(_ column: String) throws(ReportFormatError) -> Int? {
        guard optionalText(column) != nil else { return nil }
        return try count(column)
    }

    /// A day written `MM/DD/YYYY` (or `YYYY-MM-DD`).
    public func day(_ column: String) throws(ReportFormatError) -> ReportDay {
        let value = try text(column)
        guard let day = ReportDay(reportText: Substring(value)) else {
            throw invalid(column, "\"\(value.prefix(40))\" is not a MM/DD/YYYY date")
        }
        return day
    }

    /// A day that may be missing or empty.
    public func optionalDay(_ column: String) throws(ReportFormatError) -> ReportDay? {
        guard optionalText(column) != nil else { return nil }
        return try day(column)
    }

    /// A two-letter country or region code (`US`), as Sales and Trends prints them.
    public func countryCode(_ column: String) throws(ReportFormatError) -> String {
        let value = try text(column)
        guard value.utf8.count == 2, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw invalid(column, "\"\(value.prefix(40))\" is not a two-letter country code")
        }
        return value
    }

    /// A three-letter ISO 4217 currency code (`USD`).
    public func currency(_ column: String) throws(ReportFormatError) -> String {
        let value = try text(column)
        guard value.utf8.count == 3, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw invalid(column, "\"\(value.prefix(40))\" is not a three-letter currency code")
        }
        return value
    }

    /// A currency code that may be missing or empty.
    public func optionalCurrency(_ column: String) throws(ReportFormatError) -> String? {
        guard optionalText(column) != nil else { return nil }
        return try currency(column)
    }

    /// The non-empty cells of the columns the row type does not know, keyed by header name as
    /// written.
    func unknownCells() -> [String: String] {
        var extra: [String: String] = [:]
        for (position, name) in columns.unknown {
            let value = cells[position].trimmingSpaces()
            if !value.isEmpty { extra[name] = value }
        }
        return extra
    }

    /// An `invalidValue` refusal at this line for `column` (named as the file's header writes it).
    public func invalid(_ column: String, _ reason: String) -> ReportFormatError {
        let written = columns.position(of: column).map { columns.header.names[$0] } ?? column
        return ReportFormatError(.invalidValue, line: line, column: written, reason: reason)
    }
}
