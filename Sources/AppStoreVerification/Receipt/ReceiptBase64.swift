internal import Foundation

/// Size caps and base64 decoding for receipts, applied before any ASN.1 parsing.
///
/// Receipts grow with a customer's purchase history (one team saw 30,000+ characters and raised
/// its limit to 300,000), so the defaults admit 2 MiB of base64 text (1.5 MiB of DER) and reject
/// anything larger outright.
public struct ReceiptSizeLimits: Hashable, Sendable {
    /// Longest base64 text accepted, whitespace included.
    public var maximumBase64Length: Int
    /// Largest decoded receipt accepted.
    public var maximumDERLength: Int

    public init(maximumBase64Length: Int = 2 * 1024 * 1024, maximumDERLength: Int = 1536 * 1024) {
        self.maximumBase64Length = maximumBase64Length
        self.maximumDERLength = maximumDERLength
    }

    public static let `default` = ReceiptSizeLimits()
}

enum ReceiptBase64 {
    /// Decodes standard base64 (padding required, ASCII whitespace such as line breaks ignored);
    /// anything else is `.malformed`.
    static func decode(_ text: String, limits: ReceiptSizeLimits, what: String) throws(VerificationError) -> [UInt8] {
        guard text.utf8.count <= limits.maximumBase64Length else {
            throw .malformed("\(what) is \(text.utf8.count) base64 characters, more than the \(limits.maximumBase64Length) allowed")
        }
        let compact: String
        if text.utf8.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            compact = String(decoding: text.utf8.filter { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }, as: UTF8.self)
        } else {
            compact = text
        }
        guard !compact.isEmpty else { throw .malformed("\(what) is empty") }
        guard let data = Data(base64Encoded: compact) else {
            throw .malformed("\(what) is not valid base64")
        }
        guard data.count <= limits.maximumDERLength else {
            throw .malformed("\(what) decodes to \(data.count) bytes, more than the \(limits.maximumDERLength) allowed")
        }
        return [UInt8](data)
    }
}
