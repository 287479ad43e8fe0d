public import AppStoreModels

/// Parses iOS 6-style transaction receipts (`SKPaymentTransaction.transactionReceipt`).
///
/// **Parse only — no local authenticity check.** The signature blob's layout for version 2 is
/// public (Apple's 2012 `VerificationController` sample: one version byte `2`, a 128-byte RSA
/// signature, a 4-byte big-endian certificate length, the DER leaf certificate; the signature is
/// PKCS#1 v1.5 over SHA-1(version byte ‖ decoded purchase-info)), and ``signatureBlob(of:)``
/// decodes that layout. It is deliberately *not* verified here, because the rest cannot be
/// established with confidence: the blob carries only the leaf, and Apple's sample pinned a
/// specific "iTunes Store" intermediate (expired 2016) as the anchor instead of chaining to a
/// root; later blobs use other version bytes whose layout Apple never documented; the leaf keys
/// are 1024-bit RSA; and no genuine iOS 6 receipt is available to test against. Callers must
/// confirm these receipts with Apple's `verifyReceipt` endpoint before granting anything.
public enum IOS6TransactionReceiptParser {
    /// Parses a base64 iOS 6 transaction receipt. Every failure is `.malformed`.
    public static func parse(
        base64Receipt: String, limits: ReceiptSizeLimits = .default
    ) throws(VerificationError) -> IOS6TransactionReceipt {
        try parse(ReceiptBase64.decode(base64Receipt, limits: limits, what: "iOS 6 transaction receipt"), limits: limits)
    }

    /// Parses the decoded bytes of an iOS 6 transaction receipt (the outer property list).
    public static func parse(_ bytes: [UInt8], limits: ReceiptSizeLimits = .default) throws(VerificationError) -> IOS6TransactionReceipt {
        guard bytes.count <= limits.maximumDERLength else {
            throw .malformed("iOS 6 transaction receipt is \(bytes.count) bytes, more than the \(limits.maximumDERLength) allowed")
        }
        let outer = try OldStylePropertyListParser.parseDictionary(bytes, what: "iOS 6 transaction receipt")
        guard let purchaseInfoText = outer["purchase-info"] else {
            throw .malformed("iOS 6 transaction receipt has no \"purchase-info\"")
        }
        guard let signatureText = outer["signature"] else {
            throw .malformed("iOS 6 transaction receipt has no \"signature\"")
        }
        let purchaseInfo = try ReceiptBase64.decode(purchaseInfoText, limits: limits, what: "iOS 6 purchase-info")
        let signature = try ReceiptBase64.decode(signatureText, limits: limits, what: "iOS 6 signature")
        let fields = try OldStylePropertyListParser.parseDictionary(purchaseInfo, what: "iOS 6 purchase-info")
        return IOS6TransactionReceipt(outerFields: outer, purchaseInfoFields: fields, purchaseInfo: purchaseInfo, signature: signature)
    }

    /// The version-2 signature blob layout, decoded (not verified).
    public struct SignatureBlob: Hashable, Sendable {
        public var version: UInt8
        /// The RSA signature (128 bytes for version 2).
        public var signature: [UInt8]
        /// The DER signing certificate the blob carries.
        public var certificate: [UInt8]
    }

    /// Decodes `receipt.signature` as Apple's published version-2 layout; `.malformed` for
    /// another version byte or inconsistent lengths.
    public static func signatureBlob(of receipt: IOS6TransactionReceipt) throws(VerificationError) -> SignatureBlob {
        let bytes = receipt.signature
        guard let version = bytes.first else { throw .malformed("iOS 6 signature blob is empty") }
        guard version == 2 else {
            throw .malformed("iOS 6 signature blob version \(version) has no documented layout (only version 2)")
        }
        let signatureLength = 128
        let header = 1 + signatureLength + 4
        guard bytes.count >= header else { throw .malformed("iOS 6 signature blob is \(bytes.count) bytes, shorter than its header") }
        let lengthBytes = bytes[(1 + signatureLength)..<header]
        let certificateLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        guard certificateLength > 0, certificateLength <= bytes.count - header else {
            throw .malformed("iOS 6 signature blob certificate length \(certificateLength) exceeds the \(bytes.count - header) bytes left")
        }
        return SignatureBlob(
            version: version,
            signature: Array(bytes[1..<(1 + signatureLength)]),
            certificate: Array(bytes[header..<(header + certificateLength)])
        )
    }
}
