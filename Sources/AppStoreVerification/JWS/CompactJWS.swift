/// The three segments of a compact JWS, located but not yet trusted.
///
/// Parsing checks sizes before decoding anything, so an oversized or malformed input costs a
/// length comparison and a scan for two dots.
package struct CompactJWS {
    /// Limits applied before any decoding.
    package struct Limits: Sendable {
        /// Apple's headers carry three certificates (about 4.5 KB encoded).
        package var maxHeaderLength = 16 * 1024
        /// A notification payload embeds two more JWS; 1 MB admits any real one.
        package var maxPayloadLength = 1024 * 1024

        package init() {}
    }

    /// ES256 signatures are exactly 64 bytes (raw r||s): 86 base64url characters.
    static let signatureLength = 86

    let header: Range<Int>
    let payload: Range<Int>
    let signature: Range<Int>

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits) throws(VerificationError) {
        let maxTotal = limits.maxHeaderLength + limits.maxPayloadLength + Self.signatureLength + 2
        guard bytes.count <= maxTotal else {
            throw .malformed("JWS is \(bytes.count) bytes; the limit is \(maxTotal)")
        }
        guard let firstDot = bytes.firstIndex(of: UInt8(ascii: ".")) else {
            throw .malformed("JWS has one segment; expected header.payload.signature")
        }
        guard firstDot <= limits.maxHeaderLength else {
            throw .malformed("JWS header is \(firstDot) bytes; the limit is \(limits.maxHeaderLength)")
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[(firstDot + 1)...])
        guard let secondOffset = rest.firstIndex(of: UInt8(ascii: ".")) else {
            throw .malformed("JWS has two segments; expected header.payload.signature")
        }
        let secondDot = firstDot + 1 + secondOffset
        guard bytes[(secondDot + 1)...].firstIndex(of: UInt8(ascii: ".")) == nil else {
            throw .malformed("JWS has more than three segments")
        }
        guard secondDot - firstDot - 1 <= limits.maxPayloadLength else {
            throw .malformed("JWS payload exceeds \(limits.maxPayloadLength) bytes")
        }
        header = 0..<firstDot
        payload = (firstDot + 1)..<secondDot
        signature = (secondDot + 1)..<bytes.count
        guard !header.isEmpty, !payload.isEmpty else {
            throw .malformed("JWS has an empty header or payload")
        }
    }

    /// The bytes the signature covers: `header.payload`.
    var signingInput: Range<Int> { header.lowerBound..<payload.upperBound }
}
