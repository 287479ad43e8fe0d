public import AppStoreModels

/// Parsing without verification: the plain entry points for fuzzing and inspection.
///
/// Nothing returned here is authenticated; use ``AppReceiptVerifier`` before trusting a receipt.
public enum AppReceiptParser {
    /// Parses a PKCS#7 receipt (BER or DER) and decodes its payload, checking structure only.
    /// Every failure is a ``VerificationError`` with code `malformed`.
    public static func parse(receiptDER: [UInt8], limits: ReceiptSizeLimits = .default) throws(VerificationError) -> AppReceipt {
        guard receiptDER.count <= limits.maximumDERLength else {
            throw .malformed("receipt is \(receiptDER.count) bytes, more than the \(limits.maximumDERLength) allowed")
        }
        let signed = try CMSSignedData.parse(receiptDER)
        guard let content = signed.content else { throw .malformed("receipt carries no encapsulated content") }
        return try AppReceiptPayload.decode(content)
    }

    /// Parses a base64 receipt; see ``parse(receiptDER:limits:)``.
    public static func parse(base64Receipt: String, limits: ReceiptSizeLimits = .default) throws(VerificationError) -> AppReceipt {
        try parse(receiptDER: ReceiptBase64.decode(base64Receipt, limits: limits, what: "receipt"), limits: limits)
    }
}
