/// Why a report file was refused. Nothing of a refused file is returned: parsing is all or nothing.
///
/// `line` is 1-based and counts every line of the (decompressed) file, header included; `column` is
/// the header name as written in the file (or the documented name, for a missing column).
public struct ReportFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable kinds of refusal.
    public enum Code: String, Sendable, Hashable {
        /// The file has no header line.
        case emptyReport
        /// The file is not UTF-8 text.
        case invalidText
        /// The gzip stream is corrupt or truncated.
        case corruptCompression
        /// A column the report type requires is not in the header.
        case missingColumn
        /// Two header cells name the same column (compared case-insensitively).
        case duplicateColumn
        /// A data line has a different number of cells than the header.
        case wrongCellCount
        /// A cell holds a value its column cannot take.
        case invalidValue
    }

    /// The kind of refusal; stable, for programs.
    public let code: Code
    /// The 1-based line of the file, when the refusal concerns one line.
    public let line: Int?
    /// The column, when the refusal concerns one column.
    public let column: String?
    /// What was wrong, for people (never the whole line: report cells may be long).
    public let reason: String

    init(_ code: Code, line: Int? = nil, column: String? = nil, reason: String) {
        self.code = code
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        var text = "report refused (\(code.rawValue))"
        if let line { text += " at line \(line)" }
        if let column { text += ", column \"\(column)\"" }
        return text + ": " + reason
    }
}
