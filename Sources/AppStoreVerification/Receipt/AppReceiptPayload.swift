public import AppStoreModels

/// The receipt payload codec: `SET OF ReceiptAttribute` ⇄ ``AppReceipt``.
///
/// ```
/// ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }
/// Payload ::= SET OF ReceiptAttribute
/// ```
/// Decoding is strict about shape (every attribute a well-formed SEQUENCE; a known attribute's
/// value of the documented ASN.1 type; a known single-valued attribute at most once), and keeps
/// every attribute it does not map in `unknownAttributes`. Dates are RFC 3339 IA5Strings; an
/// empty date string (Apple writes one for absent expiry / cancellation dates) decodes as `nil`.
public enum AppReceiptPayload {
    /// How many in-app purchase receipts one payload may hold (a 1 MB receipt holds ~4,000).
    public static let maximumInAppPurchases = 20_000

    /// Decodes a receipt payload (the CMS encapsulated content). Throws `.malformed` naming the
    /// attribute that is wrong.
    public static func decode(_ payload: some Collection<UInt8>) throws(VerificationError) -> AppReceipt {
        let attributes = try attributeList(ArraySlice(payload), "receipt payload")
        var receipt = AppReceipt()
        var seen = Set<Int64>()
        for attribute in attributes {
            let type = AppReceiptAttributeType(rawValue: attribute.type)
            if type == .inAppPurchase {
                guard receipt.inApp.count < maximumInAppPurchases else {
                    throw .malformed("receipt payload holds more than \(maximumInAppPurchases) in-app purchases")
                }
                receipt.inApp.append(try decodeInAppPurchase(attribute.value))
                continue
            }
            guard AppReceiptPayloadValues.knownAppTypes.contains(type) else {
                receipt.unknownAttributes.append(attribute.attribute)
                continue
            }
            guard seen.insert(attribute.type).inserted else {
                throw .malformed("receipt attribute \(attribute.type) appears more than once")
            }
            let value = AppReceiptPayloadValues(type: attribute.type, bytes: attribute.value)
            switch type {
            case .receiptType: receipt.receiptType = AppReceiptType(rawValue: try value.string())
            case .appItemId: receipt.appItemId = try value.integer()
            case .bundleId: receipt.bundleId = try value.string()
            case .applicationVersion: receipt.applicationVersion = try value.string()
            case .opaqueValue: receipt.opaqueValue = Array(attribute.value)
            case .sha1Hash: receipt.sha1Hash = Array(attribute.value)
            case .ageRating: receipt.ageRating = try value.string()
            case .receiptCreationDate: receipt.receiptCreationDate = try value.date()
            case .downloadId: receipt.downloadId = try value.integer()
            case .versionExternalIdentifier: receipt.versionExternalIdentifier = try value.integer()
            case .originalPurchaseDate: receipt.originalPurchaseDate = try value.date()
            case .originalApplicationVersion: receipt.originalApplicationVersion = try value.string()
            case .receiptExpirationDate: receipt.expirationDate = try value.date()
            default: receipt.unknownAttributes.append(attribute.attribute)
            }
        }
        return receipt
    }

    static func decodeInAppPurchase(_ bytes: ArraySlice<UInt8>) throws(VerificationError) -> AppReceiptInAppPurchase {
        let attributes = try attributeList(bytes, "in-app purchase receipt")
        var purchase = AppReceiptInAppPurchase()
        var seen = Set<Int64>()
        for attribute in attributes {
            let type = AppReceiptAttributeType(rawValue: attribute.type)
            guard AppReceiptPayloadValues.knownInAppTypes.contains(type) else {
                purchase.unknownAttributes.append(attribute.attribute)
                continue
            }
            guard seen.insert(attribute.type).inserted else {
                throw .malformed("in-app purchase attribute \(attribute.type) appears more than once")
            }
            let value = AppReceiptPayloadValues(type: attribute.type, bytes: attribute.value)
            switch type {
            case .quantity: purchase.quantity = try value.integer()
            case .productId: purchase.productId = try value.string()
            case .transactionId: purchase.transactionId = try value.string()
            case .originalTransactionId: purchase.originalTransactionId = try value.string()
            case .purchaseDate: purchase.purchaseDate = try value.date()
            case .inAppOriginalPurchaseDate: purchase.originalPurchaseDate = try value.date()
            case .subscriptionExpirationDate: purchase.expiresDate = try value.date()
            case .webOrderLineItemId: purchase.webOrderLineItemId = try value.integer()
            case .cancellationDate: purchase.cancellationDate = try value.date()
            case .subscriptionTrialPeriod: purchase.isTrialPeriod = try value.integer() != 0
            case .subscriptionIntroductoryPricePeriod: purchase.isInIntroOfferPeriod = try value.integer() != 0
            case .promotionalOfferId: purchase.promotionalOfferId = try value.string()
            default: purchase.unknownAttributes.append(attribute.attribute)
            }
        }
        return purchase
    }

    struct RawAttribute {
        var type: Int64
        var version: Int64
        var value: ArraySlice<UInt8>
        var attribute: AppReceiptAttribute { AppReceiptAttribute(type: type, version: version, value: Array(value)) }
    }

    /// Parses `SET OF ReceiptAttribute`.
    static func attributeList(_ bytes: ArraySlice<UInt8>, _ what: String) throws(VerificationError) -> [RawAttribute] {
        guard !bytes.isEmpty else { throw .malformed("\(what): empty") }
        let set = try ReceiptDERReader.single(bytes, what: what)
        guard set.tag == 0x31 else {
            throw .malformed("\(what): expected a SET, found tag 0x\(String(set.tag, radix: 16))")
        }
        var elements = ReceiptDERReader(bytes[set.content], what: what)
        var result: [RawAttribute] = []
        while !elements.isAtEnd {
            let element = try elements.read()
            guard element.tag == 0x30 else {
                throw .malformed("\(what): attribute is tag 0x\(String(element.tag, radix: 16)), not a SEQUENCE")
            }
            var parts = ReceiptDERReader(bytes[element.content], what: "\(what) attribute")
            let typeElement = try parts.read()
            guard typeElement.tag == 0x02 else { throw .malformed("\(what) attribute type is not an INTEGER") }
            let type = try ReceiptDERReader.int64(bytes[typeElement.content], what: "\(what) attribute type")
            let versionElement = try parts.read()
            guard versionElement.tag == 0x02 else { throw .malformed("\(what) attribute \(type) version is not an INTEGER") }
            let version = try ReceiptDERReader.int64(bytes[versionElement.content], what: "\(what) attribute \(type) version")
            let valueElement = try parts.read()
            guard valueElement.tag == 0x04 else {
                throw .malformed("\(what) attribute \(type) value is tag 0x\(String(valueElement.tag, radix: 16)), not an OCTET STRING")
            }
            guard parts.isAtEnd else {
                throw .malformed("\(what) attribute \(type) has elements after type, version and value")
            }
            result.append(RawAttribute(type: type, version: version, value: bytes[valueElement.content]))
        }
        return result
    }
}
