public import AppStoreModels

/// A subscription's state writes its own JSON (``JSONWritable``): it is stored again at every
/// fact about the subscription, and through `Encodable` its encoding was an eighth of a
/// subscription notification's own work. Byte for byte what `Encodable` gives under the
/// canonical encoder (`AppleFactsJSONTests` compares both); fields in the byte order of their keys.
extension SubscriptionState: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("environment", environment)
        writer.key("extensions")
        writer.value(extensions)
        // In the set's own order, as `Set`'s `Encodable` writes it.
        writer.field("immediateChanges", Array(immediateChanges))
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("renewalInfo", renewalInfo)
        writer.field("status", status)
        writer.key("transactions")
        writer.value(transactions)
        writer.endObject()
    }
}

extension StatusObservation: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("notificationType", notificationType)
        writer.field("signedDate", signedDate)
        writer.field("status", status)
        writer.field("subtype", subtype)
        writer.endObject()
    }
}

extension RenewalExtension: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("expiresDate", expiresDate)
        writer.field("periodKey", periodKey)
        writer.field("signedDate", signedDate)
        writer.field("transactionId", transactionId)
        writer.endObject()
    }
}
