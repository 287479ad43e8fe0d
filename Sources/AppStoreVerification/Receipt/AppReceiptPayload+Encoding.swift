public import AppStoreModels
internal import SwiftASN1

extension AppReceiptPayload {
    /// Encodes `receipt` as a DER payload (`SET OF ReceiptAttribute`, elements in DER order),
    /// the inverse of ``decode(_:)``: strings as UTF8String (dates, age rating as IA5String),
    /// numbers as INTEGER, flags as INTEGER 0/1, every attribute with version 1, and
    /// `unknownAttributes` verbatim. `nil` fields are omitted. Used by the App Store simulator.
    public static func encode(_ receipt: AppReceipt) throws(VerificationError) -> [UInt8] {
        var attributes: [EncodedAttribute] = []
        func add(_ type: AppReceiptAttributeType, _ value: EncodedValue?) {
            if let value { attributes.append(EncodedAttribute(type: type.rawValue, version: 1, value: value.bytes)) }
        }
        add(.receiptType, receipt.receiptType.map { .utf8($0.rawValue) })
        add(.appItemId, receipt.appItemId.map { .integer($0) })
        add(.bundleId, receipt.bundleId.map { .utf8($0) })
        add(.applicationVersion, receipt.applicationVersion.map { .utf8($0) })
        add(.opaqueValue, receipt.opaqueValue.map { .raw($0) })
        add(.sha1Hash, receipt.sha1Hash.map { .raw($0) })
        add(.ageRating, receipt.ageRating.map { .ia5($0) })
        add(.receiptCreationDate, receipt.receiptCreationDate.map { .date($0) })
        add(.downloadId, receipt.downloadId.map { .integer($0) })
        add(.versionExternalIdentifier, receipt.versionExternalIdentifier.map { .integer($0) })
        add(.originalPurchaseDate, receipt.originalPurchaseDate.map { .date($0) })
        add(.originalApplicationVersion, receipt.originalApplicationVersion.map { .utf8($0) })
        add(.receiptExpirationDate, receipt.expirationDate.map { .date($0) })
        for purchase in receipt.inApp {
            add(.inAppPurchase, .raw(try encode(purchase)))
        }
        attributes += receipt.unknownAttributes.map { EncodedAttribute(type: $0.type, version: $0.version, value: $0.value) }
        return try setOf(attributes)
    }

    /// Encodes one in-app purchase receipt (the value of an attribute 17).
    public static func encode(_ purchase: AppReceiptInAppPurchase) throws(VerificationError) -> [UInt8] {
        var attributes: [EncodedAttribute] = []
        func add(_ type: AppReceiptAttributeType, _ value: EncodedValue?) {
            if let value { attributes.append(EncodedAttribute(type: type.rawValue, version: 1, value: value.bytes)) }
        }
        add(.quantity, purchase.quantity.map { .integer($0) })
        add(.productId, purchase.productId.map { .utf8($0) })
        add(.transactionId, purchase.transactionId.map { .utf8($0) })
        add(.originalTransactionId, purchase.originalTransactionId.map { .utf8($0) })
        add(.purchaseDate, purchase.purchaseDate.map { .date($0) })
        add(.inAppOriginalPurchaseDate, purchase.originalPurchaseDate.map { .date($0) })
        add(.subscriptionExpirationDate, purchase.expiresDate.map { .date($0) })
        add(.webOrderLineItemId, purchase.webOrderLineItemId.map { .integer($0) })
        add(.cancellationDate, purchase.cancellationDate.map { .date($0) })
        add(.subscriptionTrialPeriod, purchase.isTrialPeriod.map { .integer($0 ? 1 : 0) })
        add(.subscriptionIntroductoryPricePeriod, purchase.isInIntroOfferPeriod.map { .integer($0 ? 1 : 0) })
        add(.promotionalOfferId, purchase.promotionalOfferId.map { .utf8($0) })
        attributes += purchase.unknownAttributes.map { EncodedAttribute(type: $0.type, version: $0.version, value: $0.value) }
        return try setOf(attributes)
    }

    /// Formats a timestamp the way receipts carry dates (`2022-07-01T12:28:57Z`).
    public static func formatDate(_ timestamp: Timestamp) -> String {
        ReceiptDateParser.format(timestamp)
    }

    private static func setOf(_ attributes: [EncodedAttribute]) throws(VerificationError) -> [UInt8] {
        try ReceiptDecoding.decoding("encoding receipt payload") {
            var serializer = DER.Serializer()
            try serializer.serializeSetOf(attributes)
            return serializer.serializedBytes
        }
    }
}

private struct EncodedAttribute: DERSerializable {
    var type: Int64
    var version: Int64
    var value: [UInt8]

    func serialize(into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            try coder.serialize(type)
            try coder.serialize(version)
            try coder.serialize(ASN1OctetString(contentBytes: value[...]))
        }
    }
}

private enum EncodedValue {
    case utf8(String)
    case ia5(String)
    case date(Timestamp)
    case integer(Int64)
    case raw([UInt8])

    var bytes: [UInt8] {
        var serializer = DER.Serializer()
        switch self {
        case .utf8(let text):
            serializer.appendPrimitiveNode(identifier: .utf8String) { $0.append(contentsOf: text.utf8) }
        case .ia5(let text):
            serializer.appendPrimitiveNode(identifier: .ia5String) { $0.append(contentsOf: text.utf8) }
        case .date(let timestamp):
            serializer.appendPrimitiveNode(identifier: .ia5String) {
                $0.append(contentsOf: ReceiptDateParser.format(timestamp).utf8)
            }
        case .integer(let value):
            // Serializing a fixed-width integer cannot fail.
            try? serializer.serialize(value)
        case .raw(let bytes):
            return bytes
        }
        return serializer.serializedBytes
    }
}
