import StorekeeperApplication
import StorekeeperHTTP

/// One overview chart as the `chart` partial draws it: SVG geometry from ``ChartGeometry``,
/// each series told apart by a fill pattern or a dash as well as a colour, named in a text
/// legend and a `<title>`, and every value in a data table, so the chart reads without colour
/// and without sight.
package struct ConsoleChart {
    /// How the series are drawn.
    package enum Style {
        /// Bands stacked on each other (parts of a whole: active subscriptions by phase).
        case stackedArea
        /// One line per series (quantities compared: new against churned).
        case lines
        /// One bar per day (a single series).
        case bars
    }

    /// What one slot of the x axis is: a UTC day (labelled `MM-DD`) or a month (`YYYY-MM`).
    package enum Period {
        case day
        case month

        /// The data table's first column.
        package var heading: String { self == .day ? "Day (UTC)" : "Month (UTC)" }
        package var name: String { self == .day ? "day" : "month" }
    }

    /// What the values count.
    package enum Unit {
        case count
        /// Milliunits of a currency (9990 = 9.99).
        case milliunits
    }

    package struct Tick {
        package let y: String
        package let label: String
    }

    package struct DayLabel {
        package let x: String
        package let label: String
        /// `start` for the first day, `end` for the last, so neither runs off the plot.
        package let anchor: String
    }

    package struct Bar {
        package let x: String
        package let y: String
        package let width: String
        package let height: String
        package let title: String
    }

    package struct Series {
        /// 0–5: picks the colour class and the pattern or dash.
        package let index: Int
        package let name: String
        /// For the legend: the range's total, or the latest day's value of a stacked band.
        package let total: String
        package let area: String?
        package let line: String?
        package let bars: [Bar]
        package let isLine: Bool
        /// `bars` as the partial's `<rect>` elements (one per day: written here, not by the
        /// template, see ``ConsoleMarkup``).
        package let barsMarkup: String
    }

    package struct Row {
        package let day: String
        package let values: [String]

        package init(
            day: String, values: [String]
        ) {
            self.day = day
            self.values = values
        }
    }

    package let id: String
    package let title: String
    /// One sentence for screen readers: what the chart shows and its totals.
    package let summary: String
    package let ticks: [Tick]
    package let dayLabels: [DayLabel]
    package let series: [Series]
    package let columns: [String]
    package let rows: [Row]
    package let plotLeft: String
    package let plotRight: String
    package let plotBottom: String
    package let plotTop: String
    package let empty: Bool
    /// The data table's first column and what its rows are (``Period``).
    package let periodHeading: String
    package let periodName: String

    /// `rows` as the data table's `<tr>` elements (see ``ConsoleMarkup``), written when the
    /// template asks for them.
    package var tableMarkup: String { ConsoleMarkup.tableRows(rows) }

    /// The most series a chart tells apart (the stylesheet's classes and the partial's patterns).
    package static let maximumSeries = 6

    package init(
        id: String, title: String, style: Style, unit: Unit = .count, days: [String], series input: [(name: String, values: [Int64])],
        period: Period = .day
    ) {
        let input = Array(input.prefix(Self.maximumSeries))
        let slots = days.count
        var cumulative = [Int64](repeating: 0, count: slots)
        var bands: [(lower: [Int64], upper: [Int64])] = []
        for item in input {
            let lower = cumulative
            for slot in 0..<slots { cumulative[slot] += slot < item.values.count ? max(0, item.values[slot]) : 0 }
            bands.append((lower, cumulative))
        }
        let peak =
            style == .stackedArea
            ? cumulative.max() ?? 0 : input.flatMap(\.values).max() ?? 0
        let geometry = ChartGeometry(slots: slots, maximum: peak)
        let format = { (value: Int64) in Self.format(value, unit) }
        self.id = id
        self.title = title
        ticks = geometry.scale.ticks.map { Tick(y: ChartGeometry.number(geometry.y($0)), label: Self.axisLabel($0, unit)) }
        // Month labels (`YYYY-MM`) are wider than days' (`MM-DD`): fewer of them.
        let labelled = days.isEmpty ? [] : geometry.labelledSlots(count: period == .day ? 6 : 4)
        dayLabels = labelled.map { slot in
            let anchor = labelled.count == 1 ? "middle" : (slot == 0 ? "start" : (slot == slots - 1 ? "end" : "middle"))
            let x = anchor == "start" ? geometry.plotLeft : (anchor == "end" ? geometry.plotRight : geometry.center(slot))
            let label = period == .day ? String(days[slot].suffix(5)) : days[slot]
            return DayLabel(x: ChartGeometry.number(x), label: label, anchor: anchor)
        }
        series = input.enumerated().map { index, item in
            let total =
                style == .stackedArea
                ? "latest day " + format(item.values.last ?? 0) : "total " + format(item.values.reduce(0, +))
            switch style {
            case .stackedArea:
                return Series(
                    index: index, name: item.name, total: total, area: geometry.area(lower: bands[index].lower, upper: bands[index].upper),
                    line: nil, bars: [], isLine: false, barsMarkup: "")
            case .lines:
                return Series(
                    index: index, name: item.name, total: total, area: nil, line: geometry.line(item.values), bars: [], isLine: true,
                    barsMarkup: "")
            case .bars:
                let bars = item.values.enumerated().compactMap { slot, value -> Bar? in
                    guard value > 0, slot < days.count else { return nil }
                    let rect = geometry.bar(slot, to: value)
                    return Bar(
                        x: ChartGeometry.number(rect.x), y: ChartGeometry.number(rect.y), width: ChartGeometry.number(rect.width),
                        height: ChartGeometry.number(rect.height), title: "\(days[slot]): \(format(value))")
                }
                return Series(
                    index: index, name: item.name, total: total, area: nil, line: nil, bars: bars, isLine: false,
                    barsMarkup: ConsoleMarkup.bars(bars, chart: id, series: index))
            }
        }
        columns = input.map(\.name)
        rows = days.enumerated().reversed().map { slot, day in
            Row(day: day, values: input.map { format(slot < $0.values.count ? $0.values[slot] : 0) })
        }
        plotLeft = ChartGeometry.number(geometry.plotLeft)
        plotRight = ChartGeometry.number(geometry.plotRight)
        plotBottom = ChartGeometry.number(geometry.plotBottom)
        plotTop = ChartGeometry.number(geometry.plotTop)
        let range = days.first.map { first in "\(first) to \(days.last ?? first)" } ?? "no days"
        let values = series.map { "\($0.name): \($0.total)" }.joined(separator: "; ")
        summary = "\(title), \(range). \(values.isEmpty ? "No data" : values)."
        empty = input.allSatisfy { $0.values.allSatisfy { $0 == 0 } }
        periodHeading = period.heading
        periodName = period.name
    }

    /// A tick's label, short enough for the axis on a phone: `950`, `12.5k`, `3M` (money in
    /// units: `9.99`, `60`, `12k`).
    package static func axisLabel(_ value: Int64, _ unit: Unit) -> String {
        let divisor: Int64 = unit == .milliunits ? 1000 : 1
        let units = value / divisor
        func short(_ tenths: Int64, _ suffix: String) -> String {
            tenths % 10 == 0 ? "\(tenths / 10)\(suffix)" : "\(tenths / 10).\(tenths % 10)\(suffix)"
        }
        if units >= 1_000_000 { return short(units / 100_000, "M") }
        if units >= 10_000 { return short(units / 100, "k") }
        // Whole currency units without decimals (`60`), so the label fits left of the plot.
        if value % divisor == 0 { return String(units) }
        return format(value, unit)
    }

    /// A value as the table writes it: counts whole, money with two decimals.
    package static func format(_ value: Int64, _ unit: Unit) -> String {
        switch unit {
        case .count: String(value)
        case .milliunits: ConsoleFormat.milliunits(value, nil)
        }
    }
}
