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

    /// The positions and names of the columns not in `known` (compared as keys).
    func unknownColumns(known: [String]) -> [(position: Int, name: String)] {
        let knownKeys = Set(known.map(Self.key))
        return names.enumerated().compactMap { index, name in
            let key = Self.key(name)
            return key.isEmpty || knownKeys.contains(key) ? nil : (index, name.trimmingSpaces())
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}
