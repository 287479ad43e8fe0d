/// The payment mode of an offer (`offerDiscountType`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct OfferDiscountType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A free trial.
    public static let freeTrial = OfferDiscountType(rawValue: "FREE_TRIAL")
    /// The customer pays the discounted price each period.
    public static let payAsYouGo = OfferDiscountType(rawValue: "PAY_AS_YOU_GO")
    /// The customer pays the discounted price once, up front, for the whole offer duration.
    public static let payUpFront = OfferDiscountType(rawValue: "PAY_UP_FRONT")
    /// A one-time discount on an In-App Purchase (In-App Purchase offer codes).
    public static let oneTime = OfferDiscountType(rawValue: "ONE_TIME")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [OfferDiscountType] = [
        .freeTrial,
        .payAsYouGo,
        .payUpFront,
        .oneTime,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}
