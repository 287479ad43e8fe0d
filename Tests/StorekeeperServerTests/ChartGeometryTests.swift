import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The overview charts' geometry: round scales, where days and values land, bars, lines and
/// stacked bands; and a chart's accessible text and data table.
@Suite struct ChartGeometryTests {
    static let scales: [(Int64, Int64, Int64)] = [
        (0, 1, 1), (1, 1, 1), (4, 4, 1), (5, 6, 2), (7, 8, 2), (9, 10, 5), (100, 100, 50), (101, 150, 50), (999, 1000, 500),
        (1_000_000, 1_000_000, 500_000), (9990, 10_000, 5000),
    ]

    @Test(arguments: scales)
    func theScaleIsRoundAndCoversTheLargestValue(_ value: Int64, _ maximum: Int64, _ step: Int64) {
        let scale = ChartScale(covering: value)
        #expect(scale.maximum == maximum && scale.step == step, "\(value): \(scale)")
        #expect(scale.maximum >= value)
        #expect(scale.ticks.first == 0 && scale.ticks.last == scale.maximum)
        #expect(scale.ticks.count <= 6, "about four steps, never a crowd of labels")
    }

    @Test func valuesMapOntoThePlotTopToBottomAndAreClamped() {
        let geometry = ChartGeometry(slots: 10, maximum: 100)
        #expect(geometry.y(0) == geometry.plotBottom)
        #expect(geometry.y(100) == geometry.plotTop)
        #expect(geometry.y(50) == (geometry.plotTop + geometry.plotBottom) / 2)
        #expect(geometry.y(-5) == geometry.plotBottom, "below zero sits on the axis")
        #expect(geometry.y(500) == geometry.plotTop, "above the scale stays in the plot")
    }

    @Test func daysAreEvenSlotsAcrossThePlot() {
        let geometry = ChartGeometry(slots: 4, maximum: 10)
        let width = geometry.plotRight - geometry.plotLeft
        #expect(geometry.slotWidth == width / 4)
        #expect(geometry.center(0) == geometry.plotLeft + width / 8)
        #expect(geometry.center(3) == geometry.plotRight - width / 8)
        #expect(ChartGeometry(slots: 0, maximum: 0).slots == 1, "an empty range still draws one slot")
    }

    @Test func aBarStandsOnItsBaseAndStackedSegmentsMeet() {
        let geometry = ChartGeometry(slots: 2, maximum: 10)
        let bar = geometry.bar(1, to: 10)
        #expect(bar.y == geometry.plotTop && bar.y + bar.height == geometry.plotBottom)
        #expect(bar.x > geometry.center(0) && bar.x + bar.width < geometry.plotRight)
        let lower = geometry.bar(0, from: 0, to: 4)
        let upper = geometry.bar(0, from: 4, to: 10)
        #expect(abs(upper.y + upper.height - lower.y) < 1e-9, "the upper segment starts where the lower ends")
    }

    @Test func aLineAndABandAreWrittenAsSVGPaths() {
        let geometry = ChartGeometry(slots: 2, maximum: 10)
        let line = geometry.line([0, 10])
        let x0 = ChartGeometry.number(geometry.center(0))
        let x1 = ChartGeometry.number(geometry.center(1))
        #expect(line == "M\(x0) \(ChartGeometry.number(geometry.plotBottom)) L\(x1) \(ChartGeometry.number(geometry.plotTop))")
        let band = geometry.area(lower: [0, 5], upper: [5, 10])
        #expect(band.hasPrefix("M\(x0) "))
        #expect(band.hasSuffix(" Z"))
        #expect(band.split(separator: " ").filter { $0.hasPrefix("L") || $0.hasPrefix("M") }.count == 4, "two points up, two back")
        #expect(geometry.area(lower: [], upper: []) == "")
    }

    static let labelled: [(Int, [Int])] = [
        (1, [0]), (7, [0, 2, 4, 6]), (30, [0, 5, 10, 15, 20, 25, 29]), (90, [0, 15, 30, 45, 60, 75, 89]),
    ]

    @Test(arguments: labelled)
    func theFirstAndLastDaysAndSomeBetweenAreLabelled(_ slots: Int, _ labelled: [Int]) {
        #expect(ChartGeometry(slots: slots, maximum: 1).labelledSlots() == labelled)
    }

    @Test func coordinatesHaveOneDecimal() {
        #expect(ChartGeometry.number(12) == "12")
        #expect(ChartGeometry.number(12.25) == "12.3")
        #expect(ChartGeometry.number(-0.44) == "-0.4")
        #expect(ChartGeometry.number(0.04) == "0")
    }

    @Test func aChartNamesItsSeriesAndKeepsEveryValueInItsTable() {
        let chart = ConsoleChart(
            id: "c", title: "New against churned", style: .lines, days: ["2026-11-01", "2026-11-02"],
            series: [("New", [3, 5]), ("Churned", [1, 0])])
        #expect(chart.series.map(\.name) == ["New", "Churned"])
        #expect(chart.series.map(\.total) == ["total 8", "total 1"])
        #expect(chart.summary == "New against churned, 2026-11-01 to 2026-11-02. New: total 8; Churned: total 1.")
        #expect(chart.rows.map(\.day) == ["2026-11-02", "2026-11-01"], "newest day first in the table")
        #expect(chart.rows.map(\.values) == [["5", "0"], ["3", "1"]])
        #expect(
            chart.tableMarkup
                == "<tr><th scope=\"row\">2026-11-02</th><td>5</td><td>0</td></tr><tr><th scope=\"row\">2026-11-01</th><td>3</td><td>1</td></tr>"
        )
        #expect(chart.dayLabels.map(\.label) == ["11-01", "11-02"])
        #expect(chart.ticks.last?.label == "6", "the scale covers the largest value, 5")
        #expect(!chart.empty)
    }

    @Test func aStackedChartScalesToTheSumAndMoneyReadsAsUnits() throws {
        let stacked = ConsoleChart(
            id: "s", title: "Active", style: .stackedArea, days: ["2026-11-01"], series: [("Standard", [6]), ("Trial", [3])])
        #expect(stacked.ticks.last?.label == "10", "the scale covers the stack, 9")
        #expect(stacked.series.map(\.total) == ["latest day 6", "latest day 3"])
        let money = ConsoleChart(
            id: "m", title: "Revenue", style: .bars, unit: .milliunits, days: ["2026-11-01", "2026-11-02"],
            series: [("Customer price", [9990, 0])])
        #expect(money.series.first?.bars.count == 1, "no bar for a zero")
        #expect(money.series.first?.bars.first?.title == "2026-11-01: 9.99")
        #expect(money.rows.last?.values == ["9.99"])
        let bar = try #require(money.series.first?.bars.first)
        #expect(
            money.series.first?.barsMarkup
                == "<rect x=\"\(bar.x)\" y=\"\(bar.y)\" width=\"\(bar.width)\" height=\"\(bar.height)\" fill=\"url(#m-p0)\" "
                + "class=\"bar s0\"><title>2026-11-01: 9.99</title></rect>")
        let none = ConsoleChart(id: "n", title: "Refunds", style: .bars, days: ["2026-11-01"], series: [("Refunds", [0])])
        #expect(none.empty)
    }
}

extension ChartGeometryTests {
    static let labels: [(Int64, ConsoleChart.Unit, String)] = [
        (950, .count, "950"), (12_500, .count, "12.5k"), (3_000_000, .count, "3M"), (1_250_000, .count, "1.2M"),
        (9990, .milliunits, "9.99"), (60_000, .milliunits, "60"), (12_000_000, .milliunits, "12k"),
    ]

    @Test(arguments: labels)
    func axisLabelsAreShort(_ value: Int64, _ unit: ConsoleChart.Unit, _ label: String) {
        #expect(ConsoleChart.axisLabel(value, unit) == label)
    }

    /// The markup written outside the templates escapes as `{{…}}` does.
    @Test func writtenMarkupEscapesLikeTheTemplates() {
        #expect(ConsoleMarkup.escape("9.99") == "9.99")
        #expect(
            ConsoleMarkup.escape("<a href='x'>\"Tom\" & Jerry</a>") == "&lt;a href=&#39;x&#39;&gt;&quot;Tom&quot; &amp; Jerry&lt;/a&gt;")
        let rows = ConsoleMarkup.tableRows([ConsoleChart.Row(day: "<b>", values: ["1 & 2"])])
        #expect(rows == "<tr><th scope=\"row\">&lt;b&gt;</th><td>1 &amp; 2</td></tr>")
    }
}
