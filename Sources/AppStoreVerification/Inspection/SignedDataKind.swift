import AppStoreModels

/// What a piece of signed App Store data is, told from its shape before verification.
public struct SignedDataKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let notification = SignedDataKind(rawValue: "notification")
    public static let transaction = SignedDataKind(rawValue: "transaction")
    public static let renewalInfo = SignedDataKind(rawValue: "renewalInfo")
    public static let appTransaction = SignedDataKind(rawValue: "appTransaction")
    public static let receipt = SignedDataKind(rawValue: "receipt")
    /// An iOS 6-style transaction receipt (an old-style property list).
    public static let transactionReceipt = SignedDataKind(rawValue: "transactionReceipt")

    /// Classifies `text`: a `{"signedPayload": ...}` body or a compact JWS (by the fields of its
    /// still-unverified payload), or base64 of a PKCS#7 receipt or an iOS 6 transaction receipt.
    /// Returns the JWS to verify alongside the kind. Nothing here is trusted; it only picks the
    /// verification to run.
    public static func detect(_ text: String) throws(VerificationError) -> (kind: SignedDataKind, data: String) {
        let trimmed = text.trimmingWhitespace
        if trimmed.hasPrefix("{") {
            let body: ResponseBodyV2
            do {
                body = try JSONCoding.decodeStrict(ResponseBodyV2.self, from: Array(trimmed.utf8), maxDepth: 4)
            } catch {
                throw .malformed("JSON input is not a notification body with signedPayload: \(error)")
            }
            return (.notification, body.signedPayload)
        }
        let dots = trimmed.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
        if dots >= 1 {
            return (try kindOfJWS(trimmed), trimmed)
        }
        guard let bytes = Base64.decodeLenientStandard(trimmed), let first = bytes.first else {
            throw .malformed("input is neither JSON, a compact JWS, nor base64")
        }
        switch first {
        case 0x30: return (.receipt, trimmed)  // DER SEQUENCE: PKCS#7 ContentInfo
        case UInt8(ascii: "{"): return (.transactionReceipt, trimmed)
        default: throw .malformed("base64 input is neither a PKCS#7 receipt nor a transaction receipt")
        }
    }

    /// The fields that tell the payload kinds apart.
    private struct Probe: Decodable {
        var notificationType: String?
        var notificationUUID: String?
        var transactionId: String?
        var autoRenewStatus: Int64?
        var autoRenewProductId: String?
        var receiptCreationDate: Int64?
        var receiptType: String?
    }

    private static func kindOfJWS(_ jws: String) throws(VerificationError) -> SignedDataKind {
        let json = try CompactJWS.unverifiedPayload(jws)
        guard let probe = try? JSONCoding.decodeStrict(Probe.self, from: json, maxDepth: 32) else {
            throw .malformed("JWS payload is not base64url JSON")
        }
        if probe.notificationType != nil || probe.notificationUUID != nil { return .notification }
        if probe.autoRenewStatus != nil || (probe.autoRenewProductId != nil && probe.transactionId == nil) {
            return .renewalInfo
        }
        if probe.transactionId != nil { return .transaction }
        if probe.receiptCreationDate != nil || probe.receiptType != nil { return .appTransaction }
        throw .malformed("JWS payload is not a notification, transaction, renewal info or app transaction")
    }
}

extension String {
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
