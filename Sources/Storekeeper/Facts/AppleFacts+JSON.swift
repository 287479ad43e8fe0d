public import AppStoreModels

/// Stored transactions and renewal infos write their own JSON (``JSONWritable``): a subscription's
/// stored state holds every transaction of the subscription and is written again at every
/// notification, and ties between records are broken on these bytes (`LastWriterWins`). Byte
/// for byte what `Encodable` gives under the canonical encoder (`AppleFactsJSONTests` compares
/// both); fields in the byte order of their keys.
extension AppleTransaction: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("additionalTransactionReason", additionalTransactionReason)
        writer.field("appAccountToken", appAccountToken)
        writer.field("appTransactionId", appTransactionId)
        writer.field("billingPlanType", billingPlanType)
        writer.field("commitmentInfo", commitmentInfo)
        writer.field("currency", currency)
        writer.field("environment", environment)
        writer.field("expiresDate", expiresDate)
        writer.field("isUpgraded", isUpgraded)
        writer.field("multiSeatInfo", multiSeatInfo)
        writer.field("offerDiscountType", offerDiscountType)
        writer.field("offerIdentifier", offerIdentifier)
        writer.field("offerPeriod", offerPeriod)
        writer.field("offerType", offerType)
        writer.field("originalPurchaseDate", originalPurchaseDate)
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("ownership", ownership)
        writer.field("price", price)
        writer.field("productId", productId)
        writer.field("productType", productType)
        writer.field("purchaseDate", purchaseDate)
        writer.field("quantity", quantity)
        writer.field("revocationDate", revocationDate)
        writer.field("revocationReason", revocationReason)
        writer.field("signedDate", signedDate)
        writer.field("source", source.rawValue)
        writer.field("storefront", storefront)
        writer.field("subscriptionGroupIdentifier", subscriptionGroupIdentifier)
        writer.field("transactionId", transactionId)
        writer.field("transactionReason", transactionReason)
        writer.field("webOrderLineItemId", webOrderLineItemId)
        writer.endObject()
    }
}

extension RenewalInfo: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("autoRenewEnabled", autoRenewEnabled)
        writer.field("autoRenewProductId", autoRenewProductId)
        writer.field("commitment", commitment)
        writer.field("currency", currency)
        writer.field("eligibleWinBackOfferIds", eligibleWinBackOfferIds)
        writer.field("environment", environment)
        writer.field("expirationIntent", expirationIntent)
        writer.field("gracePeriodExpiresDate", gracePeriodExpiresDate)
        writer.field("isInBillingRetryPeriod", isInBillingRetryPeriod)
        writer.field("offerIdentifier", offerIdentifier)
        writer.field("offerType", offerType)
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("priceIncreaseStatus", priceIncreaseStatus)
        writer.field("productId", productId)
        writer.field("renewalBillingPlanType", renewalBillingPlanType)
        writer.field("renewalDate", renewalDate)
        writer.field("renewalPrice", renewalPrice)
        writer.field("renewalQuantity", renewalQuantity)
        writer.field("signedDate", signedDate)
        writer.field("source", source.rawValue)
        writer.endObject()
    }
}
