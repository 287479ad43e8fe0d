/// Renewal details for Advanced Commerce API SKUs (`advancedCommerceInfo` of renewal info; Apple's
/// `advancedCommerceRenewalInfo`).
public struct AdvancedCommerceRenewalInfo: Hashable, Sendable, Codable {
    /// A token that identifies this state of the subscription for later change requests.
    public var consistencyToken: String?
    /// The description and display name of the subscription.
    public var descriptors: AdvancedCommerceDescriptors?
    /// The items that renew.
    public var items: [AdvancedCommerceRenewalItem]?
    /// The subscription period.
    public var period: AdvancedCommercePeriod?
    /// The reference identifier of the latest request that changed the subscription.
    public var requestReferenceId: String?
    /// The tax code of the subscription.
    public var taxCode: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        consistencyToken: String? = nil,
        descriptors: AdvancedCommerceDescriptors? = nil,
        items: [AdvancedCommerceRenewalItem]? = nil,
        period: AdvancedCommercePeriod? = nil,
        requestReferenceId: String? = nil,
        taxCode: String? = nil
    ) {
        self.consistencyToken = consistencyToken
        self.descriptors = descriptors
        self.items = items
        self.period = period
        self.requestReferenceId = requestReferenceId
        self.taxCode = taxCode
    }
}
