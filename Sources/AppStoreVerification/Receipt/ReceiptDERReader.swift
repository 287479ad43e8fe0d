/// A minimal, allocation-free DER reader for the receipt payload (`SET OF ReceiptAttribute` and
/// the small values inside each attribute), which is the hot path of receipt verification.
///
/// It reads one level at a time: single-byte tags, definite lengths (short or long form, at most
/// four length bytes). The payload is DER as Apple encodes it; indefinite lengths or high tag
/// numbers inside it are refused as `.malformed`. (The PKCS#7 envelope around it may be BER and
/// is parsed by `CMSSignedData`.)
struct ReceiptDERReader {
    struct Element {
        var tag: UInt8
        var content: Range<Int>
        var isConstructed: Bool { tag & 0x20 != 0 }
    }

    let bytes: ArraySlice<UInt8>
    private(set) var index: Int
    let what: String

    init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        self.index = bytes.startIndex
        self.what = what
    }

    var isAtEnd: Bool { index == bytes.endIndex }

    /// Reads the next element at this level.
    mutating func read() throws(VerificationError) -> Element {
        let end = bytes.endIndex
        guard index < end else { throw .malformed("\(what): truncated, expected another element") }
        let tag = bytes[index]
        guard tag & 0x1F != 0x1F else { throw .malformed("\(what): high tag numbers are not used in receipts") }
        guard tag != 0x00 else { throw .malformed("\(what): unexpected end-of-contents or [UNIVERSAL 0] tag") }
        index += 1
        guard index < end else { throw .malformed("\(what): truncated before a length") }
        let first = bytes[index]
        index += 1
        var length: Int
        if first < 0x80 {
            length = Int(first)
        } else if first == 0x80 {
            throw .malformed("\(what): indefinite length inside the receipt payload")
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4 else { throw .malformed("\(what): length of \(count) bytes is too large") }
            guard end - index >= count else { throw .malformed("\(what): truncated inside a length") }
            length = 0
            for _ in 0..<count {
                length = length << 8 | Int(bytes[index])
                index += 1
            }
        }
        guard end - index >= length else {
            throw .malformed("\(what): element of \(length) bytes runs past the end (\(end - index) left)")
        }
        let content = index..<(index + length)
        index += length
        return Element(tag: tag, content: content)
    }

    /// Reads exactly one element spanning all of `bytes`.
    static func single(_ bytes: ArraySlice<UInt8>, what: String) throws(VerificationError) -> Element {
        var reader = ReceiptDERReader(bytes, what: what)
        let element = try reader.read()
        guard reader.isAtEnd else { throw .malformed("\(what): \(bytes.endIndex - reader.index) trailing bytes") }
        return element
    }

    /// The value of a primitive INTEGER's content octets, if it fits in 64 bits.
    static func int64(_ content: ArraySlice<UInt8>, what: @autoclosure () -> String) throws(VerificationError) -> Int64 {
        guard let first = content.first else { throw .malformed("\(what()): INTEGER with no content") }
        var significant = content
        // A leading 0x00 before a byte with its top bit set only marks the value positive.
        if significant.count == 9, first == 0x00 { significant = significant.dropFirst() }
        guard significant.count <= 8 else { throw .malformed("\(what()): INTEGER does not fit in 64 bits") }
        var value: Int64 = first & 0x80 != 0 ? -1 : 0
        for byte in significant { value = value << 8 | Int64(byte) }
        if content.count == 9 && value < 0 { throw .malformed("\(what()): INTEGER does not fit in 64 bits") }
        return value
    }
}
