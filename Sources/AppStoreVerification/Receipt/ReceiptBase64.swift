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
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var text = text
        let data: Data? = text.withUTF8 { utf8 in
            if utf8.contains(where: isWhitespace) {
                return Data(base64Encoded: Data(utf8.filter { !isWhitespace($0) }))
            }
            return Data(base64Encoded: Data(buffer: utf8))
        }
        guard let data, !data.isEmpty else {
            throw .malformed("\(what) is empty or not valid base64")
        }
        guard data.count <= limits.maximumDERLength else {
            throw .malformed("\(what) decodes to \(data.count) bytes, more than the \(limits.maximumDERLength) allowed")
        }
        return [UInt8](data)
    }
}
