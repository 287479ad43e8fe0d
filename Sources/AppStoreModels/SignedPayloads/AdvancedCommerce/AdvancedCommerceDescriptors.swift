/// The description and display name of an Advanced Commerce API purchase or subscription.
public struct AdvancedCommerceDescriptors: Hashable, Sendable, Codable {
    /// Your description of the SKU.
    public var description: String?
    /// The localized product name shown to customers.
    public var displayName: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(description: String? = nil, displayName: String? = nil) {
        self.description = description
        self.displayName = displayName
    }
}
