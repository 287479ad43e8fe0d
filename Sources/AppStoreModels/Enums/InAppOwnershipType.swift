/// Whether the customer bought the product, has it through Family Sharing, or was assigned a seat of a group purchase (`inAppOwnershipType` / `in_app_ownership_type`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct InAppOwnershipType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer is a family member with access through Family Sharing.
    public static let familyShared = InAppOwnershipType(rawValue: "FAMILY_SHARED")
    /// The customer purchased the product.
    public static let purchased = InAppOwnershipType(rawValue: "PURCHASED")
    /// The customer has access through a seat of a multiseat purchase (a member of a group with
    /// Apple-hosted invitations, or an organization's assignee): access, not a sale.
    public static let assigned = InAppOwnershipType(rawValue: "ASSIGNED")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [InAppOwnershipType] = [
        .familyShared,
        .purchased,
        .assigned,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}
