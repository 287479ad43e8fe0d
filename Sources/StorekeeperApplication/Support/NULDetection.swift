/// Finds U+0000 (NUL) in request text before anything decodes or stores it.
///
/// PostgreSQL's `TEXT` cannot hold NUL while SQLite can, so Storekeeper refuses it wherever a
/// request carries text (JSON strings, path and query) and both backends answer alike. The scans
/// look at the bytes as sent, so they see every string a decoder would produce, object keys and
/// fields no model reads included.
///
/// The scans take contiguous bytes and a `String`, not generic sequences: called from another
/// module a generic scan is not specialised, and every byte then goes through a witness table.
package enum NULDetection {
    /// Whether a JSON document holds NUL: a `\u0000` escape inside a string (a backslash escaped
    /// as `\\` does not start one), or a raw 0x00 byte anywhere (never valid JSON).
    package static func json(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { json($0) }
    }

    /// The same scan over bytes in place, such as a request body's buffer.
    package static func json(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var state = JSONState.outside
        for byte in bytes {
            if byte == 0 { return true }
            switch state {
            case .outside:
                if byte == quote { state = .string }
            case .string:
                if byte == backslash {
                    state = .escape
                } else if byte == quote {
                    state = .outside
                }
            case .escape:
                state = byte == UInt8(ascii: "u") ? .unicode(zeros: 0) : .string
            case .unicode(let zeros):
                guard byte == zero else {
                    state = .string
                    continue
                }
                if zeros == 3 { return true }
                state = .unicode(zeros: zeros + 1)
            }
        }
        return false
    }

    /// Whether percent-encoded text (a URL path or query) decodes to something holding NUL: a
    /// `%00` escape or a raw 0x00 byte.
    package static func percentEncoded(_ text: String) -> Bool {
        var zerosAfterPercent: Int?
        for byte in text.utf8 {
            if byte == 0 { return true }
            if let zeros = zerosAfterPercent, byte == zero {
                if zeros == 1 { return true }
                zerosAfterPercent = 1
            } else {
                zerosAfterPercent = byte == percent ? 0 : nil
            }
        }
        return false
    }

    private enum JSONState {
        case outside, string, escape
        /// After `\u`, having seen `zeros` zero digits.
        case unicode(zeros: Int)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let zero = UInt8(ascii: "0")
    private static let percent = UInt8(ascii: "%")
}
