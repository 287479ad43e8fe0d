/// An exact decimal amount from a report cell (prices, proceeds), never a binary floating point.
///
/// Kept as an integer significand and the number of digits after the decimal point, exactly as
/// written: `.70` is `70` at scale 2, `-0.99` is `-99` at scale 2, `12` is `12` at scale 0. Two values
/// are equal when both parts are equal (so `0.7` and `0.70` differ, as in the file); compare amounts
/// with ``minorUnits(scale:)``.
public struct ReportDecimal: Hashable, Sendable, CustomStringConvertible {
    /// The digits without the point, signed.
    public let significand: Int64
    /// How many of the digits are after the point.
    public let scale: Int

    /// The most digits a cell may hold: 18 always fit in an `Int64`.
    static let maximumDigits = 18

    /// An amount of `significand` × 10^-`scale`.
    public init(significand: Int64, scale: Int) {
        precondition((0...Self.maximumDigits).contains(scale), "scale out of range")
        self.significand = significand
        self.scale = scale
    }

    /// Parses Apple's notation: an optional sign, digits, an optional point and digits (`.70`,
    /// `-0.99`, `12`, `3.`). Returns nil for anything else (exponents, separators, spaces, empty).
    public init?(_ text: Substring) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var value: Int64 = 0
        var digits = 0
        var scale = 0
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits += 1
            guard digits <= Self.maximumDigits else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            if seenPoint { scale += 1 }
        }
        guard digits > 0 else { return nil }
        self.init(significand: negative ? -value : value, scale: scale)
    }

    /// Whether the amount is below zero.
    public var isNegative: Bool { significand < 0 }

    /// The amount in units of 10^-`scale` (for `scale: 2`, cents), or nil when it would lose
    /// digits (the amount has more decimals than `scale`) or overflow.
    public func minorUnits(scale target: Int) -> Int64? {
        if target >= scale {
            var result = significand
            for _ in 0..<(target - scale) {
                let (next, overflow) = result.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                result = next
            }
            return result
        }
        var divisor: Int64 = 1
        for _ in 0..<(scale - target) { divisor *= 10 }
        guard significand % divisor == 0 else { return nil }
        return significand / divisor
    }

    /// The canonical text: a leading zero before the point and every digit of the scale (`0.70`).
    public var description: String {
        let magnitude = String(significand.magnitude)
        let sign = significand < 0 ? "-" : ""
        guard scale > 0 else { return sign + magnitude }
        let padded = String(repeating: "0", count: max(0, scale + 1 - magnitude.count)) + magnitude
        let split = padded.index(padded.endIndex, offsetBy: -scale)
        return sign + padded[..<split] + "." + padded[split...]
    }
}
