/// Transaction details for Advanced Commerce API SKUs (`advancedCommerceInfo` of a transaction;
/// Apple's `advancedCommerceTransactionInfo`).
public struct AdvancedCommerceTransactionInfo: Hashable, Sendable, Codable {
    /// The description and display name of the purchase.
    public var descriptors: AdvancedCommerceDescriptors?
    /// The estimated tax, in milliunits.
    public var estimatedTax: Int64?
    /// The items of the transaction.
    public var items: [AdvancedCommerceTransactionItem]?
    /// The subscription period, for subscriptions.
    public var period: AdvancedCommercePeriod?
    /// The reference identifier of the request that created the transaction.
    public var requestReferenceId: String?
    /// The tax code of the purchase.
    public var taxCode: String?
    /// The price excluding tax, in milliunits.
    public var taxExclusivePrice: Int64?
    /// The tax rate, as a decimal string.
    public var taxRate: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        descriptors: AdvancedCommerceDescriptors? = nil,
        estimatedTax: Int64? = nil,
        items: [AdvancedCommerceTransactionItem]? = nil,
        period: AdvancedCommercePeriod? = nil,
        requestReferenceId: String? = nil,
        taxCode: String? = nil,
        taxExclusivePrice: Int64? = nil,
        taxRate: String? = nil
    ) {
        self.descriptors = descriptors
        self.estimatedTax = estimatedTax
        self.items = items
        self.period = period
        self.requestReferenceId = requestReferenceId
        self.taxCode = taxCode
        self.taxExclusivePrice = taxExclusivePrice
        self.taxRate = taxRate
    }
}
