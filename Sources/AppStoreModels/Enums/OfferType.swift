/// The type of offer applied to a transaction or upcoming renewal (`offerType`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct OfferType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// An introductory offer.
    public static let introductoryOffer = OfferType(rawValue: 1)
    /// A promotional offer.
    public static let promotionalOffer = OfferType(rawValue: 2)
    /// An offer with a subscription offer code (or In-App Purchase offer code).
    public static let offerCode = OfferType(rawValue: 3)
    /// A win-back offer.
    public static let winBackOffer = OfferType(rawValue: 4)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [OfferType] = [
        .introductoryOffer,
        .promotionalOffer,
        .offerCode,
        .winBackOffer,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}
