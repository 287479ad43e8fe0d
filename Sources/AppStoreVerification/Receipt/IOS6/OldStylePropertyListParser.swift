/// A strict parser for the one old-style (OpenStep) ASCII property list shape that iOS 6
/// transaction receipts use: a single flat dictionary of quoted strings,
///
/// ```
/// { "key" = "value"; "other-key" = "value"; }
/// ```
///
/// Keys and values must be double-quoted strings; every entry ends with `;`; whitespace is
/// space, tab, CR or LF; nothing may follow the closing brace but whitespace. Escapes are the
/// OpenStep ones: `\"`, `\\`, `\'`, `\a \b \f \n \r \t \v`, `\Uhhhh` (four hex digits) and octal
/// `\ooo`. Nested dictionaries, arrays, data blocks, unquoted strings, comments and duplicate
/// keys are refused. Every failure is `.malformed` naming the byte offset.
enum OldStylePropertyListParser {
    static let maximumEntries = 128

    static func parseDictionary(_ bytes: [UInt8], what: String) throws(VerificationError) -> [String: String] {
        var parser = Cursor(bytes: bytes, what: what)
        parser.skipWhitespace()
        try parser.expect(UInt8(ascii: "{"))
        var result: [String: String] = [:]
        while true {
            parser.skipWhitespace()
            if parser.peek() == UInt8(ascii: "}") {
                parser.index += 1
                break
            }
            let key = try parser.quotedString()
            parser.skipWhitespace()
            try parser.expect(UInt8(ascii: "="))
            parser.skipWhitespace()
            let value = try parser.quotedString()
            parser.skipWhitespace()
            try parser.expect(UInt8(ascii: ";"))
            guard result.updateValue(value, forKey: key) == nil else {
                throw .malformed("\(what): key \"\(key.prefix(40))\" appears more than once")
            }
            guard result.count <= maximumEntries else {
                throw .malformed("\(what): more than \(maximumEntries) entries")
            }
        }
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw .malformed("\(what): unexpected bytes after the closing brace at offset \(parser.index)")
        }
        return result
    }

    private struct Cursor {
        let bytes: [UInt8]
        let what: String
        var index = 0

        init(bytes: [UInt8], what: String) {
            self.bytes = bytes
            self.what = what
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(VerificationError) {
            guard let found = peek() else {
                throw .malformed("\(what): expected \"\(Character(Unicode.Scalar(byte)))\" at offset \(index), found the end")
            }
            guard found == byte else {
                throw .malformed(
                    "\(what): expected \"\(Character(Unicode.Scalar(byte)))\" at offset \(index), found byte 0x\(String(found, radix: 16))")
            }
            index += 1
        }

        mutating func quotedString() throws(VerificationError) -> String {
            let start = index
            try expect(UInt8(ascii: "\""))
            var scalars = String.UnicodeScalarView()
            var literal: [UInt8] = []
            func flushLiteral() throws(VerificationError) {
                guard !literal.isEmpty else { return }
                guard let text = String(validating: literal, as: UTF8.self) else {
                    throw .malformed("\(what): string at offset \(start) is not valid UTF-8")
                }
                scalars.append(contentsOf: text.unicodeScalars)
                literal.removeAll(keepingCapacity: true)
            }
            while true {
                guard let byte = peek() else { throw .malformed("\(what): unterminated string starting at offset \(start)") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    try flushLiteral()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flushLiteral()
                    scalars.append(try escape(stringStart: start))
                default:
                    literal.append(byte)
                }
            }
        }

        private mutating func escape(stringStart: Int) throws(VerificationError) -> Unicode.Scalar {
            guard let byte = peek() else { throw .malformed("\(what): unterminated escape in string at offset \(stringStart)") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "'"): return "'"
            case UInt8(ascii: "a"): return "\u{07}"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "v"): return "\u{0B}"
            case UInt8(ascii: "U"):
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = peek(), let nibble = Self.hexValue(digit) else {
                        throw .malformed("\(what): \\U escape needs four hex digits (string at offset \(stringStart))")
                    }
                    value = value << 4 | nibble
                    index += 1
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw .malformed("\(what): \\U\(String(value, radix: 16)) is not a Unicode scalar")
                }
                return scalar
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(byte - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { break }
                    value = value << 3 | UInt32(digit - UInt8(ascii: "0"))
                    index += 1
                }
                guard value <= 0xFF, let scalar = Unicode.Scalar(value) else {
                    throw .malformed("\(what): octal escape out of range (string at offset \(stringStart))")
                }
                return scalar
            default:
                throw .malformed("\(what): unknown escape \\\(Character(Unicode.Scalar(byte))) in string at offset \(stringStart)")
            }
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
