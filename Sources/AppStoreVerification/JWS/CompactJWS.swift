import Foundation

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
        // Look for the first dot only where a header may end: an oversized header costs a
        // bounded scan, not a pass over the whole input.
        guard let firstDot = Self.dot(in: bytes, from: 0, limit: limits.maxHeaderLength + 1) else {
            if Self.dot(in: bytes, from: 0, limit: bytes.count) == nil {
                throw .malformed("JWS has one segment; expected header.payload.signature")
            }
            throw .malformed("JWS header exceeds \(limits.maxHeaderLength) bytes")
        }
        guard let secondDot = Self.dot(in: bytes, from: firstDot + 1, limit: bytes.count) else {
            throw .malformed("JWS has two segments; expected header.payload.signature")
        }
        guard Self.dot(in: bytes, from: secondDot + 1, limit: bytes.count) == nil else {
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

    /// The index of the first `.` in `bytes[start..<min(start + limit, count)]`.
    private static func dot(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        let end = min(bytes.count, start + limit)
        guard start < end, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(UInt8(ascii: ".")), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The bytes the signature covers: `header.payload`.
    var signingInput: Range<Int> { header.lowerBound..<payload.upperBound }
}

extension CompactJWS {
    /// The payload of a compact JWS, base64url-decoded, trusting nothing: for choosing what to do
    /// with a JWS (which verification to run, whether it is already known), never for granting.
    /// The payload's size is capped before it is decoded.
    package static func unverifiedPayload(_ jws: String, limits: Limits = Limits()) throws(VerificationError) -> [UInt8] {
        let segments = jws.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count == 3 else {
            throw .malformed("JWS has \(segments.count) segments; expected header.payload.signature")
        }
        guard segments[1].count <= limits.maxPayloadLength else {
            throw .malformed("JWS payload exceeds \(limits.maxPayloadLength) bytes")
        }
        guard let json = Base64.decodeURL(String(Substring(segments[1]))) else {
            throw .malformed("JWS payload is not base64url JSON")
        }
        return json
    }
}
