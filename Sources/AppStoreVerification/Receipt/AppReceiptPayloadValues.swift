internal import AppStoreModels
internal import SwiftASN1

/// Decodes the DER value inside one receipt attribute's OCTET STRING.
struct AppReceiptPayloadValues {
    static let knownAppTypes: Set<AppReceiptAttributeType> = [
        .receiptType, .appItemId, .bundleId, .applicationVersion, .opaqueValue, .sha1Hash, .ageRating,
        .receiptCreationDate, .downloadId, .versionExternalIdentifier, .originalPurchaseDate,
        .originalApplicationVersion, .receiptExpirationDate,
    ]
    static let knownInAppTypes: Set<AppReceiptAttributeType> = [
        .quantity, .productId, .transactionId, .originalTransactionId, .purchaseDate, .inAppOriginalPurchaseDate,
        .subscriptionExpirationDate, .webOrderLineItemId, .cancellationDate, .subscriptionTrialPeriod,
        .subscriptionIntroductoryPricePeriod, .promotionalOfferId,
    ]

    var type: Int64
    var bytes: ArraySlice<UInt8>

    private func node() throws(VerificationError) -> ASN1Node {
        try ReceiptDecoding.parseElement(bytes, "receipt attribute \(type) value")
    }

    /// A UTF8String, IA5String or PrintableString, as text.
    func string() throws(VerificationError) -> String {
        let node = try node()
        guard case .primitive(let content) = node.content else {
            throw .malformed("receipt attribute \(type): string value must be primitive")
        }
        switch node.identifier {
        case .utf8String:
            guard let text = String(validating: content, as: UTF8.self) else {
                throw .malformed("receipt attribute \(type): UTF8String is not valid UTF-8")
            }
            return text
        case .ia5String, .printableString:
            guard content.allSatisfy({ $0 < 0x80 }), let text = String(validating: content, as: UTF8.self) else {
                throw .malformed("receipt attribute \(type): \(node.identifier) holds non-ASCII bytes")
            }
            return text
        default:
            throw .malformed("receipt attribute \(type): expected a string, found \(node.identifier)")
        }
    }

    /// An INTEGER that fits in 64 bits.
    func integer() throws(VerificationError) -> Int64 {
        let node = try node()
        guard node.identifier == .integer else {
            throw .malformed("receipt attribute \(type): expected an INTEGER, found \(node.identifier)")
        }
        return try ReceiptDecoding.integer(node, "receipt attribute \(type) INTEGER")
    }

    /// An RFC 3339 date in an IA5String (or UTF8String); the empty string is `nil`.
    func date() throws(VerificationError) -> Timestamp? {
        let text = try string()
        if text.isEmpty { return nil }
        guard let timestamp = ReceiptDateParser.parse(text.utf8) else {
            throw .malformed("receipt attribute \(type): \"\(text.prefix(40))\" is not an RFC 3339 date")
        }
        return timestamp
    }
}
