public import AppStoreModels

// The customer view is the most-read answer; it writes its JSON directly. Keys are listed in
// sorted order, as `FastJSONEncoder` sorts them; `CustomerViewJSONTests` holds both spellings
// equal.

extension CustomerView: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("balances")
        writer.value(balances)
        writer.field("createdAt", createdAt)
        writer.field("customerId", customerId.rawValue)
        writer.key("entitlements")
        writer.value(entitlements)
        writer.key("purchases")
        writer.value(purchases)
        writer.key("subscriptions")
        writer.value(subscriptions)
        writer.endObject()
    }
}

extension CustomerView.Entitlement: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("environment", environment)
        writer.field("expiresAt", expiresAt)
        writer.field("id", id)
        writer.field("isActive", isActive)
        writer.field("productId", productId)
        writer.field("source", source)
        writer.endObject()
    }
}

extension CustomerView.Subscription: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("autoRenewProductId", autoRenewProductId)
        writer.field("autoRenewStatus", autoRenewStatus.map(Int64.init))
        if let commitment {
            writer.key("commitment")
            writer.value(commitment)
        }
        writer.field("environment", environment)
        writer.field("expiresAt", expiresAt)
        writer.field("group", group)
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("phase", phase)
        writer.field("productId", productId)
        writer.endObject()
    }
}

extension CommitmentProgress: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("autoRenewStatus", autoRenewStatus)
        writer.field("billingPeriodNumber", billingPeriodNumber)
        writer.field("expiresAt", expiresAt)
        writer.field("totalBillingPeriods", totalBillingPeriods)
        writer.endObject()
    }
}

extension CustomerView.Purchase: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("currency", currency)
        writer.field("environment", environment)
        writer.field("expiresDate", expiresDate)
        writer.field("isUpgraded", isUpgraded)
        writer.field("orderId", orderId)
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("price", price)
        writer.field("productId", productId)
        writer.field("purchaseDate", purchaseDate)
        writer.field("quantity", quantity)
        writer.field("revocationDate", revocationDate)
        writer.field("revocationReason", revocationReason.map { Int64($0.rawValue) })
        writer.field("transactionId", transactionId)
        writer.endObject()
    }
}
