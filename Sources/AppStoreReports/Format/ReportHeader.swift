/// A report's header: where each column is, found by name case-insensitively (surrounding spaces
/// ignored), and which columns the report type does not know.
struct ReportHeader {
    /// The header cells as written.
    let names: [String]
    private let positions: [String: Int]

    /// The comparison key of a column name.
    static func key(_ name: some StringProtocol) -> String {
        name.trimmingSpaces().lowercased()
    }

    /// Indexes `names`; refuses a name given twice and a missing required column.
    init(names: [String], line: Int, required: [String]) throws(ReportFormatError) {
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            let key = Self.key(name)
            if key.isEmpty { continue }
            if positions[key] != nil {
                throw ReportFormatError(.duplicateColumn, line: line, column: name, reason: "the column appears twice")
            }
            positions[key] = index
        }
        for column in required where positions[Self.key(column)] == nil {
            throw ReportFormatError(.missingColumn, line: line, column: column, reason: "the report type requires this column")
        }
        self.names = names
        self.positions = positions
    }

    /// The position of `column`, if the file has it.
    func position(of column: String) -> Int? { positions[Self.key(column)] }

    /// What every line of the file is read through, for a row type that knows `known`: built
    /// once per file, since each line's reader rebuilding it (a lowercased key per column) cost
    /// more than reading the line.
    func columns(known: [String]) -> ReportColumns {
        var byName: [String: Int] = [:]
        for name in known { byName[name] = position(of: name) }
        return ReportColumns(header: self, known: byName, unknown: unknownColumns(known: known))
    }

    /// The positions and names of the columns not in `known` (compared as keys).
    func unknownColumns(known: [String]) -> [(position: Int, name: String)] {
        let knownKeys = Set(known.map(Self.key))
        return names.enumerated().compactMap { index, name in
            let key = Self.key(name)
            return key.isEmpty || knownKeys.contains(key) ? nil : (index, name.trimmingSpaces())
        }
    }
}

/// A file's columns as its lines are read: the header, the positions of the names the row type
/// asks for as it writes them, and the columns the type does not know.
struct ReportColumns: Sendable {
    let header: ReportHeader
    let known: [String: Int]
    let unknown: [(position: Int, name: String)]

    /// The position of `column`, if the file has it: the row type's own spelling is looked up
    /// as it is, any other through the header.
    func position(of column: String) -> Int? {
        known[column] ?? header.position(of: column)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces. Over the UTF-8 bytes: every cell of every
    /// report line passes here, and walking characters (grapheme breaking) cost more than the
    /// rest of reading the cell.
    func trimmingSpaces() -> String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
        var end = bytes.index(after: first)
        var index = end
        while index != bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] != UInt8(ascii: " ") { end = next }
            index = next
        }
        return String(decoding: bytes[first..<end], as: UTF8.self)
    }
}
