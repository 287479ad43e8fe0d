extension Int {
    /// The decimal digits, zero-padded on the left to `width`: the parts of `YYYY-MM-DD`.
    /// Written by hand because `String(format:)` goes through Foundation's formatter and a
    /// variadic-argument box, which reconciliation paid on every comparison of its lines.
    package func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        let missing = width - digits.utf8.count
        return missing > 0 ? String(repeating: "0", count: missing) + digits : digits
    }
}
