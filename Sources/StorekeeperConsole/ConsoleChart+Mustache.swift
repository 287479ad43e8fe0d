import Mustache
import StorekeeperApplication
import StorekeeperHTTP

// The chart partial reads its values by name. Through reflection (`Mirror`) that was most of an
// overview page's time, so the chart's types answer by name themselves. The keys are the
// partial's (`chart.mustache`); a key a type does not have answers nil, and the template looks it
// up in the enclosing chart. The parts repeated per day (bars, table rows) come written whole
// (``ConsoleMarkup``): a template lookup per cell was the rest of that time.

extension ConsoleChart: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "summary": summary
        case "ticks": ticks
        case "dayLabels": dayLabels
        case "series": series
        case "columns": columns
        case "tableMarkup": tableMarkup
        case "plotLeft": plotLeft
        case "plotRight": plotRight
        case "plotBottom": plotBottom
        case "plotTop": plotTop
        case "empty": empty
        case "periodHeading": periodHeading
        case "periodName": periodName
        default: nil
        }
    }
}

extension ConsoleChart.Tick: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "y": y
        case "label": label
        default: nil
        }
    }
}

extension ConsoleChart.DayLabel: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "x": x
        case "label": label
        case "anchor": anchor
        default: nil
        }
    }
}

extension ConsoleChart.Series: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "index": index
        case "name": self.name
        case "total": total
        case "area": area
        case "line": line
        case "barsMarkup": barsMarkup
        case "isLine": isLine
        default: nil
        }
    }
}
