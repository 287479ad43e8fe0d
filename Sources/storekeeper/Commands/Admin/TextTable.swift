import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// Rows printed as aligned columns for people (`--json` prints the API's JSON instead). Every
/// cell is stored text shown in a terminal: its control and bidirectional characters are printed
/// as visible stand-ins (``DisplayText``), so a cell can neither drive the terminal nor break
/// its row.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: [String]) { self.header = header }

    mutating func append(_ row: [String]) { rows.append(row) }

    /// Each column as wide as its widest cell, two spaces between columns, one line per row.
    var text: String {
        let all = ([header] + rows).map { $0.map { DisplayText.neutralised($0) } }
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        var out = ""
        for row in all {
            let cells = header.indices.map { column in
                let cell = row.indices.contains(column) ? row[column] : ""
                return column == header.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            out += cells.joined(separator: "  ") + "\n"
        }
        return out
    }
}
