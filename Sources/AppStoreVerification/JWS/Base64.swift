/// Strict base64 decoding for signed data.
///
/// JWS segments use the URL-safe alphabet without padding (RFC 7515 §2); `x5c` certificates use
/// the standard alphabet with padding (RFC 7515 §4.1.6). Both decoders reject whitespace, the
/// other alphabet, misplaced or missing padding, and non-canonical encodings (unused trailing
/// bits set), so every byte string has exactly one accepted spelling.
package enum Base64 {
    private static let invalid: UInt8 = 0xFF

    private static let urlTable: [UInt8] = table(plus: UInt8(ascii: "-"), slash: UInt8(ascii: "_"))
    private static let standardTable: [UInt8] = table(plus: UInt8(ascii: "+"), slash: UInt8(ascii: "/"))

    private static func table(plus: UInt8, slash: UInt8) -> [UInt8] {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            table[Int(byte)] = UInt8(value)
        }
        table[Int(plus)] = 62
        table[Int(slash)] = 63
        return table
    }

    /// Decodes unpadded base64url; nil when anything is off.
    package static func decodeURL(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard input.count % 4 != 1 else { return nil }
        return decode(input, table: urlTable)
    }

    /// Decodes padded standard base64; nil when anything is off.
    package static func decodeStandard(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        var length = input.count
        if length > 0, input[length - 1] == UInt8(ascii: "=") { length -= 1 }
        if length > 0, input[length - 1] == UInt8(ascii: "=") { length -= 1 }
        guard input.count - length == (4 - length % 4) % 4 else { return nil }
        return decode(UnsafeBufferPointer(rebasing: input[0..<length]), table: standardTable)
    }

    package static func decodeStandard(_ string: String) -> [UInt8]? {
        var string = string
        return string.withUTF8 { decodeStandard($0) }
    }

    /// Decodes standard base64 the way clients upload receipts: line breaks and other
    /// whitespace ignored, padding optional. Not for signed segments, which must be canonical.
    package static func decodeLenientStandard(_ string: String) -> [UInt8]? {
        var compact = string.utf8.filter { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        while compact.count % 4 != 0 { compact.append(UInt8(ascii: "=")) }
        return compact.withUnsafeBufferPointer { decodeStandard($0) }
    }

    package static func decodeURL(_ string: String) -> [UInt8]? {
        var string = string
        return string.withUTF8 { decodeURL($0) }
    }

    /// Decodes unpadded input of `table`'s alphabet.
    private static func decode(_ input: UnsafeBufferPointer<UInt8>, table: [UInt8]) -> [UInt8]? {
        let remainder = input.count % 4
        guard remainder != 1 else { return nil }
        let outputCount = input.count / 4 * 3 + (remainder == 0 ? 0 : remainder - 1)
        return table.withUnsafeBufferPointer { table -> [UInt8]? in
            var failed = false
            let output = [UInt8](unsafeUninitializedCapacity: outputCount) { output, initialized in
                var inIndex = 0
                var outIndex = 0
                let whole = input.count - remainder
                while inIndex < whole {
                    let a = table[Int(input[inIndex])]
                    let b = table[Int(input[inIndex + 1])]
                    let c = table[Int(input[inIndex + 2])]
                    let d = table[Int(input[inIndex + 3])]
                    if (a | b | c | d) & 0xC0 != 0 {
                        failed = true
                        initialized = 0
                        return
                    }
                    output[outIndex] = a << 2 | b >> 4
                    output[outIndex + 1] = b << 4 | c >> 2
                    output[outIndex + 2] = c << 6 | d
                    inIndex += 4
                    outIndex += 3
                }
                if remainder >= 2 {
                    let a = table[Int(input[inIndex])]
                    let b = table[Int(input[inIndex + 1])]
                    let c = remainder == 3 ? table[Int(input[inIndex + 2])] : 0
                    // Unused low bits of the last character must be zero (canonical encoding).
                    let unusedBitsSet = remainder == 2 ? b & 0x0F != 0 : c & 0x03 != 0
                    if (a | b | c) & 0xC0 != 0 || unusedBitsSet {
                        failed = true
                        initialized = 0
                        return
                    }
                    output[outIndex] = a << 2 | b >> 4
                    outIndex += 1
                    if remainder == 3 {
                        output[outIndex] = b << 4 | c >> 2
                        outIndex += 1
                    }
                }
                initialized = outIndex
            }
            return failed ? nil : output
        }
    }

    private static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes as unpadded base64url (for JWS segments).
    package static func encodeURL<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        encode(bytes, alphabet: urlAlphabet, pad: false)
    }

    /// Encodes as padded standard base64 (for `x5c` and offer signatures).
    package static func encodeStandard<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        encode(bytes, alphabet: standardAlphabet, pad: true)
    }

    private static func encode<Bytes: Collection<UInt8>>(_ bytes: Bytes, alphabet: [UInt8], pad: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            output.append(alphabet[Int(first >> 2)])
            output.append(alphabet[Int((first & 0x03) << 4 | (second ?? 0) >> 4)])
            if let second {
                output.append(alphabet[Int((second & 0x0F) << 2 | (third ?? 0) >> 6)])
            } else if pad {
                output.append(UInt8(ascii: "="))
            }
            if let third {
                output.append(alphabet[Int(third & 0x3F)])
            } else if pad {
                output.append(UInt8(ascii: "="))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
