import StorekeeperApplication
import StorekeeperHTTP

/// The geometry of a chart of daily values, in SVG user units: a plot area inside a fixed
/// viewBox, one slot per day along x, and a y scale from zero to a round maximum
/// (``ChartScale``). Pure: the overview's charts are drawn from it on the server, and it is
/// tested without rendering anything.
package struct ChartGeometry: Sendable, Equatable {
    /// The viewBox; the stylesheet scales the SVG to the page's width.
    package static let width = 640.0
    package static let height = 220.0
    /// Room for the y axis's labels on the left and the days' labels below.
    package static let left = 52.0
    package static let right = 8.0
    package static let top = 10.0
    package static let bottom = 26.0

    /// A rectangle in user units.
    package struct Rect: Sendable, Equatable {
        package let x: Double
        package let y: Double
        package let width: Double
        package let height: Double
    }

    package let slots: Int
    package let scale: ChartScale

    /// A chart of `slots` days (at least one) whose largest value is `maximum`.
    package init(slots: Int, maximum: Int64) {
        self.slots = max(1, slots)
        scale = ChartScale(covering: maximum)
    }

    package var plotLeft: Double { Self.left }
    package var plotRight: Double { Self.width - Self.right }
    package var plotTop: Double { Self.top }
    package var plotBottom: Double { Self.height - Self.bottom }
    package var slotWidth: Double { (plotRight - plotLeft) / Double(slots) }

    /// The middle of day `slot`.
    package func center(_ slot: Int) -> Double { plotLeft + (Double(slot) + 0.5) * slotWidth }

    /// The height of `value` on the y axis (clamped to the plot: values below zero sit on the axis).
    package func y(_ value: Int64) -> Double {
        let clamped = min(max(value, 0), scale.maximum)
        return plotBottom - (plotBottom - plotTop) * Double(clamped) / Double(scale.maximum)
    }

    /// A bar of day `slot` from `from` up to `to` (a stacked segment when `from` > 0), with a
    /// tenth of the slot left free on each side.
    package func bar(_ slot: Int, from: Int64 = 0, to: Int64) -> Rect {
        let gap = slotWidth * 0.1
        let top = y(max(from, to))
        return Rect(x: plotLeft + Double(slot) * slotWidth + gap, y: top, width: slotWidth - 2 * gap, height: y(min(from, to)) - top)
    }

    /// A line through each day's value: `M x y L x y …`.
    package func line(_ values: [Int64]) -> String {
        values.enumerated().map { slot, value in
            (slot == 0 ? "M" : "L") + Self.number(center(slot)) + " " + Self.number(y(value))
        }.joined(separator: " ")
    }

    /// The closed area between `lower` and `upper` (a band of a stacked area chart): along
    /// `upper` left to right, back along `lower` right to left.
    package func area(lower: [Int64], upper: [Int64]) -> String {
        guard !upper.isEmpty else { return "" }
        var parts: [String] = []
        for (slot, value) in upper.enumerated() {
            parts.append((slot == 0 ? "M" : "L") + Self.number(center(slot)) + " " + Self.number(y(value)))
        }
        for slot in upper.indices.reversed() {
            let value = slot < lower.count ? lower[slot] : 0
            parts.append("L" + Self.number(center(slot)) + " " + Self.number(y(value)))
        }
        return parts.joined(separator: " ") + " Z"
    }

    /// The days to label under the x axis: the first, the last, and about `count` in between,
    /// evenly spaced.
    package func labelledSlots(count: Int = 6) -> [Int] {
        guard slots > 1 else { return [0] }
        let step = max(1, (slots + count - 1) / count)
        var chosen = Array(stride(from: 0, to: slots, by: step))
        // The last day is labelled too, unless it would crowd the previous label.
        if let previous = chosen.last, previous != slots - 1 {
            if slots - 1 - previous < step / 2 { chosen.removeLast() }
            chosen.append(slots - 1)
        }
        return chosen
    }

    /// A coordinate to one decimal (`12.5`, `40`): short SVG, identical on every machine.
    package static func number(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}

/// A y scale from zero to a round maximum: steps of 1, 2 or 5 times a power of ten, about
/// `ticks` of them, so the labels read as round numbers.
package struct ChartScale: Sendable, Equatable {
    package let maximum: Int64
    package let step: Int64

    package init(covering value: Int64, ticks: Int64 = 4) {
        guard value > 0 else {
            maximum = 1
            step = 1
            return
        }
        let wanted = (value + ticks - 1) / ticks
        var power: Int64 = 1
        var found: Int64 = 1
        search: while true {
            for factor: Int64 in [1, 2, 5] where factor * power >= wanted {
                found = factor * power
                break search
            }
            power *= 10
        }
        step = found
        maximum = (value + found - 1) / found * found
    }

    /// Zero, each step, and the maximum.
    package var ticks: [Int64] { Array(stride(from: Int64(0), through: maximum, by: Int(step))) }
}
