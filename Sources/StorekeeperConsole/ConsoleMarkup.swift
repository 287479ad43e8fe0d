import StorekeeperApplication
import StorekeeperHTTP

/// The parts of a chart repeated once per day, written as HTML here rather than by the `chart`
/// partial: a 90-day overview has about a thousand table cells and bars, and a template lookup
/// for each was most of the page's time. The markup is the partial's own, every text escaped.
package enum ConsoleMarkup {
    /// `<tr><th scope="row">day</th><td>value</td>…</tr>` per row.
    package static func tableRows(_ rows: [ConsoleChart.Row]) -> String {
        var html = ""
        html.reserveCapacity(rows.count * 64)
        for row in rows {
            html += "<tr><th scope=\"row\">"
            html += escape(row.day)
            html += "</th>"
            for value in row.values {
                html += "<td>"
                html += escape(value)
                html += "</td>"
            }
            html += "</tr>"
        }
        return html
    }

    /// One `<rect>` per bar, filled with the series' pattern and titled with its day and value.
    package static func bars(_ bars: [ConsoleChart.Bar], chart: String, series: Int) -> String {
        let fill = "url(#" + escape(chart) + "-p\(series))"
        var html = ""
        html.reserveCapacity(bars.count * 160)
        for bar in bars {
            html += "<rect x=\"\(escape(bar.x))\" y=\"\(escape(bar.y))\" width=\"\(escape(bar.width))\" "
            html += "height=\"\(escape(bar.height))\" fill=\"\(fill)\" class=\"bar s\(series)\"><title>"
            html += escape(bar.title)
            html += "</title></rect>"
        }
        return html
    }

    /// `text` safe in an element or a quoted attribute: `&`, `<`, `>`, `"` and `'` as references
    /// (the same five the templates' `{{…}}` escapes).
    package static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
