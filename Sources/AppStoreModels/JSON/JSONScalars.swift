/// Conversions from validated JSON tokens to Swift scalars.
enum JSONScalars {
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The string between `start` and `end` (exclusive), which holds no escapes. Nil when the
    /// bytes are not valid UTF-8.
    static func plainString(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The string between `start` and `end` with its escapes resolved (surrogate pairs joined).
    /// Nil when the result would not be valid Unicode.
    static func escapedString(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(bytes, index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard index + 6 <= end, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { return nil }
                    let low = hex4(bytes, index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    return nil
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                output.append(contentsOf: unicode.utf8)
            default: output.append(escape)  // " \ /
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            value = value << 4 | UInt32(hexValue(bytes[index + offset]) ?? 0)
        }
        return value
    }

    /// An integer token (no fraction, no exponent) within `Int64`'s range, or nil.
    static func int64(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < end else { return nil }
        // Accumulate negatively so that Int64.min parses.
        var value: Int64 = 0
        while index < end {
            let byte = bytes[index]
            guard isDigit(byte) else { return nil }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = multiplied.subtractingReportingOverflow(Int64(byte &- UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = added
            index += 1
        }
        if negative { return value }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    /// An unsigned integer token within `UInt64`'s range, or nil.
    static func uint64(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64? {
        guard start < end else { return nil }
        var value: UInt64 = 0
        for index in start..<end {
            let byte = bytes[index]
            guard isDigit(byte) else { return nil }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = multiplied.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = added
        }
        return value
    }

    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
