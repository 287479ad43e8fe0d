internal import AppStoreModels

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

    private func element() throws(VerificationError) -> ReceiptDERReader.Element {
        guard !bytes.isEmpty else { throw .malformed("receipt attribute \(type) value: empty") }
        return try ReceiptDERReader.single(bytes, what: "receipt attribute \(type) value")
    }

    /// A UTF8String, IA5String or PrintableString, as text.
    func string() throws(VerificationError) -> String {
        let element = try element()
        let content = bytes[element.content]
        switch element.tag {
        case 0x0C:  // UTF8String
            guard let text = String(validating: content, as: UTF8.self) else {
                throw .malformed("receipt attribute \(type): UTF8String is not valid UTF-8")
            }
            return text
        case 0x16, 0x13:  // IA5String, PrintableString
            guard content.allSatisfy({ $0 < 0x80 }) else {
                throw .malformed("receipt attribute \(type): IA5String holds non-ASCII bytes")
            }
            return String(decoding: content, as: UTF8.self)
        default:
            throw .malformed("receipt attribute \(type): expected a string, found tag 0x\(String(element.tag, radix: 16))")
        }
    }

    /// An INTEGER that fits in 64 bits.
    func integer() throws(VerificationError) -> Int64 {
        let element = try element()
        guard element.tag == 0x02 else {
            throw .malformed("receipt attribute \(type): expected an INTEGER, found tag 0x\(String(element.tag, radix: 16))")
        }
        return try ReceiptDERReader.int64(bytes[element.content], what: "receipt attribute \(type) INTEGER")
    }

    /// An RFC 3339 date in an IA5String (or UTF8String); the empty string is `nil`.
    func date() throws(VerificationError) -> Timestamp? {
        let element = try element()
        guard element.tag == 0x16 || element.tag == 0x0C else {
            throw .malformed("receipt attribute \(type): expected a date string, found tag 0x\(String(element.tag, radix: 16))")
        }
        let content = bytes[element.content]
        if content.isEmpty { return nil }
        guard let timestamp = ReceiptDateParser.parse(content) else {
            let shown = String(decoding: content.prefix(40), as: UTF8.self)
            throw .malformed("receipt attribute \(type): \"\(shown)\" is not an RFC 3339 date")
        }
        return timestamp
    }
}
