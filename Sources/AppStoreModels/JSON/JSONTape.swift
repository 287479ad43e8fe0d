/// A validated JSON document laid out as a flat array of entries (a "tape").
///
/// Parsing walks the bytes once, checks the whole grammar (RFC 8259: no trailing commas, no
/// comments, no leading zeros, escapes well-formed, nothing after the top-level value) and
/// records where each value starts and ends. Decoding then navigates the tape without
/// re-scanning: an object's members are its following entries, and every entry knows the index
/// just past its subtree, so skipping a value costs one load.
///
/// A class, so the decoders and containers that point into it carry one reference.
final class JSONTape: Sendable {
    enum Kind: UInt8, Sendable {
        case object, array, string, escapedString, number, trueLiteral, falseLiteral, null
    }

    struct Entry: Sendable {
        var kind: Kind
        /// Byte offset of the value's first byte (for strings: just after the opening quote).
        var start: Int32
        /// Byte offset just past the value (for strings: the closing quote).
        var end: Int32
        /// Tape index just past this value's subtree.
        var next: Int32
        /// Members of an object (pairs) or elements of an array.
        var count: Int32
    }

    let bytes: [UInt8]
    let entries: [Entry]

    init(parsing bytes: [UInt8], maxDepth: Int) throws(JSONParseError) {
        guard bytes.count < Int(Int32.max) else {
            throw JSONParseError(offset: 0, reason: "document too large")
        }
        self.bytes = bytes
        let parser = Parser(maxDepth: maxDepth)
        var entries: [Entry] = []
        entries.reserveCapacity(bytes.count / 12 + 4)
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
            try parser.parseDocument(buffer, into: &entries)
        }
        self.entries = entries
    }

    subscript(index: Int) -> Entry { entries[index] }

    /// The keys and array positions leading from the root to the value at `index`.
    ///
    /// Decoders carry only a tape index; the path is rebuilt when an error needs it, so the
    /// successful path never assembles coding paths.
    func codingPath(to index: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = 0
        while current != index {
            let entry = entries[current]
            var cursor = current + 1
            var position = 0
            var found = false
            while cursor < Int(entry.next) {
                let valueIndex = entry.kind == .object ? cursor + 1 : cursor
                let next = Int(entries[valueIndex].next)
                if index >= valueIndex && index < next {
                    if entry.kind == .object {
                        let key = entries[cursor]
                        let name = bytes.withUnsafeBufferPointer { bytes in
                            key.kind == .escapedString
                                ? JSONScalars.escapedString(bytes, Int(key.start), Int(key.end))
                                : JSONScalars.plainString(bytes, Int(key.start), Int(key.end))
                        }
                        path.append(JSONKey(stringValue: name ?? ""))
                    } else {
                        path.append(JSONKey(intValue: position))
                    }
                    current = valueIndex
                    found = true
                    break
                }
                cursor = next
                position += 1
            }
            guard found else { break }
        }
        return path
    }
}

/// Where and why a document is not valid JSON.
struct JSONParseError: Error, Sendable, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

private struct Parser {
    let maxDepth: Int

    init(maxDepth: Int) { self.maxDepth = maxDepth }

    func parseDocument(
        _ bytes: UnsafeBufferPointer<UInt8>, into tape: inout [JSONTape.Entry]
    ) throws(JSONParseError) {
        var index = skipWhitespace(bytes, 0)
        index = try parseValue(bytes, index, depth: 0, into: &tape)
        index = skipWhitespace(bytes, index)
        guard index == bytes.count else {
            throw JSONParseError(offset: index, reason: "unexpected bytes after the top-level value")
        }
    }

    @inline(__always)
    private func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    private func parseValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, depth: Int,
        into tape: inout [JSONTape.Entry]
    ) throws(JSONParseError) -> Int {
        guard start < bytes.count else {
            throw JSONParseError(offset: start, reason: "unexpected end of input")
        }
        switch bytes[start] {
        case UInt8(ascii: "{"):
            return try parseObject(bytes, start, depth: depth + 1, into: &tape)
        case UInt8(ascii: "["):
            return try parseArray(bytes, start, depth: depth + 1, into: &tape)
        case UInt8(ascii: "\""):
            return try parseString(bytes, start, into: &tape)
        case UInt8(ascii: "t"):
            return try parseLiteral(bytes, start, "true", .trueLiteral, into: &tape)
        case UInt8(ascii: "f"):
            return try parseLiteral(bytes, start, "false", .falseLiteral, into: &tape)
        case UInt8(ascii: "n"):
            return try parseLiteral(bytes, start, "null", .null, into: &tape)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber(bytes, start, into: &tape)
        default:
            throw JSONParseError(offset: start, reason: "unexpected character")
        }
    }

    private func parseObject(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, depth: Int,
        into tape: inout [JSONTape.Entry]
    ) throws(JSONParseError) -> Int {
        guard depth <= maxDepth else {
            throw JSONParseError(offset: start, reason: "nesting deeper than \(maxDepth)")
        }
        let slot = tape.count
        tape.append(.init(kind: .object, start: Int32(start), end: 0, next: 0, count: 0))
        var index = skipWhitespace(bytes, start + 1)
        var count: Int32 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw JSONParseError(offset: index, reason: "expected a string key")
                }
                index = try parseString(bytes, index, into: &tape)
                index = skipWhitespace(bytes, index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw JSONParseError(offset: index, reason: "expected ':' after a key")
                }
                index = skipWhitespace(bytes, index + 1)
                index = try parseValue(bytes, index, depth: depth, into: &tape)
                count += 1
                index = skipWhitespace(bytes, index)
                guard index < bytes.count else {
                    throw JSONParseError(offset: index, reason: "unterminated object")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index = skipWhitespace(bytes, index + 1)
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else {
                    throw JSONParseError(offset: index, reason: "expected ',' or '}'")
                }
                index += 1
                break
            }
        }
        tape[slot].end = Int32(index)
        tape[slot].next = Int32(tape.count)
        tape[slot].count = count
        return index
    }

    private func parseArray(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, depth: Int,
        into tape: inout [JSONTape.Entry]
    ) throws(JSONParseError) -> Int {
        guard depth <= maxDepth else {
            throw JSONParseError(offset: start, reason: "nesting deeper than \(maxDepth)")
        }
        let slot = tape.count
        tape.append(.init(kind: .array, start: Int32(start), end: 0, next: 0, count: 0))
        var index = skipWhitespace(bytes, start + 1)
        var count: Int32 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                index = try parseValue(bytes, index, depth: depth, into: &tape)
                count += 1
                index = skipWhitespace(bytes, index)
                guard index < bytes.count else {
                    throw JSONParseError(offset: index, reason: "unterminated array")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index = skipWhitespace(bytes, index + 1)
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else {
                    throw JSONParseError(offset: index, reason: "expected ',' or ']'")
                }
                index += 1
                break
            }
        }
        tape[slot].end = Int32(index)
        tape[slot].next = Int32(tape.count)
        tape[slot].count = count
        return index
    }

    private func parseString(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, into tape: inout [JSONTape.Entry]
    ) throws(JSONParseError) -> Int {
        var index = start + 1
        var escaped = false
        while index < bytes.count {
            // Eight bytes at a time while none of them ends the string, starts an escape or is a
            // control character: signed payloads carry nested JWS strings of kilobytes.
            if index + 8 <= bytes.count,
                !Self.mayEndOrEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                tape.append(
                    .init(
                        kind: escaped ? .escapedString : .string, start: Int32(start + 1),
                        end: Int32(index), next: Int32(tape.count + 1), count: 0))
                return index + 1
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index = try validateEscape(bytes, index)
                continue
            }
            guard byte >= 0x20 else {
                throw JSONParseError(offset: index, reason: "unescaped control character in string")
            }
            index += 1
        }
        throw JSONParseError(offset: start, reason: "unterminated string")
    }

    /// Whether any of the eight bytes in `word` is `"`, `\\` or below 0x20, tested on the whole
    /// word at once: a byte is zero in `x` exactly when `(x - 0x01…) & ~x & 0x80…` sets its high
    /// bit, and below 0x20 exactly when `(x - 0x20…) & ~x & 0x80…` does.
    @inline(__always)
    private static func mayEndOrEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeroInQuotes = (quotes &- ones) & ~quotes
        let zeroInBackslashes = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroInQuotes | zeroInBackslashes | control) & highs != 0
    }

    /// Checks the escape sequence at `index` (which holds a backslash); returns the index after it.
    private func validateEscape(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: Int
    ) throws(JSONParseError) -> Int {
        guard index + 1 < bytes.count else {
            throw JSONParseError(offset: index, reason: "unterminated escape")
        }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            guard index + 5 < bytes.count else {
                throw JSONParseError(offset: index, reason: "truncated \\u escape")
            }
            for offset in 2...5 where JSONScalars.hexValue(bytes[index + offset]) == nil {
                throw JSONParseError(offset: index + offset, reason: "bad hex digit in \\u escape")
            }
            return index + 6
        default:
            throw JSONParseError(offset: index, reason: "unknown escape")
        }
    }

    private func parseLiteral(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ literal: StaticString,
        _ kind: JSONTape.Kind, into tape: inout [JSONTape.Entry]
    ) throws(JSONParseError) -> Int {
        let length = literal.utf8CodeUnitCount
        guard start + length <= bytes.count else {
            throw JSONParseError(offset: start, reason: "truncated literal")
        }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: length)
        for offset in 0..<length where bytes[start + offset] != expected[offset] {
            throw JSONParseError(offset: start + offset, reason: "invalid literal")
        }
        tape.append(
            .init(
                kind: kind, start: Int32(start), end: Int32(start + length),
                next: Int32(tape.count + 1), count: 0))
        return start + length
    }

    private func parseNumber(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, into tape: inout [JSONTape.Entry]
    ) throws(JSONParseError) -> Int {
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, JSONScalars.isDigit(bytes[index]) else {
            throw JSONParseError(offset: index, reason: "expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, JSONScalars.isDigit(bytes[index]) {
                throw JSONParseError(offset: index, reason: "leading zero in number")
            }
        } else {
            while index < bytes.count, JSONScalars.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, JSONScalars.isDigit(bytes[index]) else {
                throw JSONParseError(offset: index, reason: "expected a digit after '.'")
            }
            while index < bytes.count, JSONScalars.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, JSONScalars.isDigit(bytes[index]) else {
                throw JSONParseError(offset: index, reason: "expected a digit in exponent")
            }
            while index < bytes.count, JSONScalars.isDigit(bytes[index]) { index += 1 }
        }
        tape.append(
            .init(
                kind: .number, start: Int32(start), end: Int32(index), next: Int32(tape.count + 1),
                count: 0))
        return index
    }
}
