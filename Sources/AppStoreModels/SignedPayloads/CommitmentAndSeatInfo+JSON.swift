/// The commitment and multiseat records a stored transaction or renewal info carries write
/// themselves (``JSONWritable``), so that the records holding them do too. Fields in the
/// byte order of their keys, as the encoders sort them.
extension TransactionCommitmentInfo: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("billingPeriodNumber", billingPeriodNumber)
        writer.field("commitmentExpiresDate", commitmentExpiresDate)
        writer.field("commitmentPrice", commitmentPrice)
        writer.field("totalBillingPeriods", totalBillingPeriods)
        writer.endObject()
    }
}

extension RenewalCommitmentInfo: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("commitmentAutoRenewProductId", commitmentAutoRenewProductId)
        writer.field("commitmentAutoRenewStatus", commitmentAutoRenewStatus)
        writer.field("commitmentRenewalBillingPlanType", commitmentRenewalBillingPlanType)
        writer.field("commitmentRenewalDate", commitmentRenewalDate)
        writer.field("commitmentRenewalPrice", commitmentRenewalPrice)
        writer.endObject()
    }
}

extension TransactionMultiSeatInfo: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("invitationManagement", invitationManagement)
        writer.field("priceTiers", priceTiers)
        writer.field("revokedSeatQuantity", revokedSeatQuantity)
        writer.endObject()
    }
}

extension MultiSeatPriceTier: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("tierPrice", tierPrice)
        writer.field("tierQuantity", tierQuantity)
        writer.endObject()
    }
}
