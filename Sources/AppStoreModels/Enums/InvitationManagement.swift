/// Who hosts the invitations to the seats of a multiseat (group) subscription
/// (`invitationManagement` of `multiSeatInfo`); the value in effect when the subscription began.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct InvitationManagement: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Apple hosts the invitations; each member gets a transaction of their own with
    /// `inAppOwnershipType` `ASSIGNED`.
    public static let apple = InvitationManagement(rawValue: "APPLE")
    /// The app hosts the invitations; members get no transaction and the developer claims a seat
    /// for each (Claim Seat).
    public static let developer = InvitationManagement(rawValue: "DEVELOPER")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [InvitationManagement] = [.apple, .developer]

    /// The raw value as text.
    public var description: String { rawValue }
}
