/// A minimal, allocation-free reader of BER/DER elements, one level at a time.
///
/// The receipt payload (`SET OF ReceiptAttribute` and the small values inside each attribute)
/// is read in DER mode: definite lengths only, as Apple encodes it. The PKCS#7 envelope is read
/// in BER mode, which also admits indefinite lengths on constructed elements (their end is found
/// by walking the nested elements, depth-capped). Certificates are never descended into unless
/// they themselves use indefinite lengths. Every failure is `.malformed` and names `what`.
struct ReceiptDERReader {
    struct Element {
        /// The identifier octet (class, constructed bit, and tag number when below 31).
        var tag: UInt8
        /// The full tag number (differs from `tag & 0x1F` for high tag numbers).
        var tagNumber: UInt32
        /// Where the identifier octet starts.
        var start: Int
        /// The content octets (without end-of-contents octets).
        var content: Range<Int>
        /// Where the element ends (after end-of-contents octets for indefinite lengths).
        var end: Int
        var isIndefinite: Bool

        var isConstructed: Bool { tag & 0x20 != 0 }
        var encoded: Range<Int> { start..<end }
    }

    /// How deeply BER elements may nest.
    static let maximumDepth = 32

    let bytes: ArraySlice<UInt8>
    private(set) var index: Int
    let what: String
    let allowsIndefinite: Bool
    let depth: Int

    init(_ bytes: ArraySlice<UInt8>, what: String, allowsIndefinite: Bool = false, depth: Int = 0) {
        self.bytes = bytes
        self.index = bytes.startIndex
        self.what = what
        self.allowsIndefinite = allowsIndefinite
        self.depth = depth
    }

    var isAtEnd: Bool { index == bytes.endIndex }

    /// A reader over the content of `element`, one level deeper.
    func children(of element: Element, what: String) -> ReceiptDERReader {
        ReceiptDERReader(bytes[element.content], what: what, allowsIndefinite: allowsIndefinite, depth: depth + 1)
    }

    /// Reads the next element at this level.
    mutating func read() throws(VerificationError) -> Element {
        guard depth <= Self.maximumDepth else {
            throw .malformed("\(what): elements nest deeper than \(Self.maximumDepth) levels (depth cap)")
        }
        let end = bytes.endIndex
        let start = index
        guard index < end else { throw .malformed("\(what): truncated, expected another element") }
        let tag = bytes[index]
        index += 1
        var tagNumber = UInt32(tag & 0x1F)
        if tagNumber == 0x1F {
            guard allowsIndefinite else { throw .malformed("\(what): high tag numbers are not used in receipts") }
            tagNumber = 0
            var count = 0
            while true {
                guard index < end else { throw .malformed("\(what): truncated inside a tag") }
                let byte = bytes[index]
                index += 1
                count += 1
                guard count <= 4 else { throw .malformed("\(what): tag number too large") }
                tagNumber = tagNumber << 7 | UInt32(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
        } else if tag == 0x00 {
            throw .malformed("\(what): unexpected end-of-contents octets or [UNIVERSAL 0] tag")
        }
        guard index < end else { throw .malformed("\(what): truncated before a length") }
        let first = bytes[index]
        index += 1
        if first == 0x80 {
            guard allowsIndefinite else { throw .malformed("\(what): indefinite length inside the receipt payload") }
            guard tag & 0x20 != 0 else { throw .malformed("\(what): indefinite length on a primitive element") }
            // Walk the nested elements up to the end-of-contents octets.
            let contentStart = index
            var inner = ReceiptDERReader(bytes[index...], what: what, allowsIndefinite: true, depth: depth + 1)
            while true {
                guard inner.index + 1 < end else { throw .malformed("\(what): truncated, missing end-of-contents octets") }
                if bytes[inner.index] == 0x00 && bytes[inner.index + 1] == 0x00 { break }
                _ = try inner.read()
            }
            let contentEnd = inner.index
            index = contentEnd + 2
            return Element(
                tag: tag, tagNumber: tagNumber, start: start, content: contentStart..<contentEnd, end: index, isIndefinite: true
            )
        }
        var length: Int
        if first < 0x80 {
            length = Int(first)
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
        return Element(tag: tag, tagNumber: tagNumber, start: start, content: content, end: index, isIndefinite: false)
    }

    /// Reads exactly one element spanning all of `bytes`.
    static func single(_ bytes: ArraySlice<UInt8>, what: String, allowsIndefinite: Bool = false) throws(VerificationError) -> Element {
        var reader = ReceiptDERReader(bytes, what: what, allowsIndefinite: allowsIndefinite)
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
