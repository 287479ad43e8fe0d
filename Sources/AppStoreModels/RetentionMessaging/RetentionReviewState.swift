/// Apple's review state of an uploaded retention message (`messageState`) or image
/// (`imageState`): only `APPROVED` content is ever shown to a customer.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RetentionReviewState: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Uploaded, not reviewed yet.
    public static let pending = RetentionReviewState(rawValue: "PENDING")
    /// Reviewed and shown to customers.
    public static let approved = RetentionReviewState(rawValue: "APPROVED")
    /// Reviewed and refused; never shown.
    public static let rejected = RetentionReviewState(rawValue: "REJECTED")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RetentionReviewState] = [.pending, .approved, .rejected]

    /// The raw value as text.
    public var description: String { rawValue }
}
