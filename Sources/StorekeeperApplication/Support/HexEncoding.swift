extension Sequence<UInt8> {
    /// Lowercase hexadecimal, two digits per byte (digests, MACs, key fingerprints).
    ///
    /// Written out by hand: `String(format: "%02x")` goes through Foundation's formatter and
    /// costs microseconds per byte on Linux, which showed up in every authenticated request.
    package var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
