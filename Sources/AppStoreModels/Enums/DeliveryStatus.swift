/// Whether the app delivered a working In-App Purchase (`deliveryStatus` of the current Send Consumption Information body).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct DeliveryStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Delivered and working properly.
    public static let delivered = DeliveryStatus(rawValue: "DELIVERED")
    /// Not delivered because of a quality issue.
    public static let undeliveredQualityIssue = DeliveryStatus(rawValue: "UNDELIVERED_QUALITY_ISSUE")
    /// The app delivered the wrong item.
    public static let undeliveredWrongItem = DeliveryStatus(rawValue: "UNDELIVERED_WRONG_ITEM")
    /// Not delivered because of a server outage.
    public static let undeliveredServerOutage = DeliveryStatus(rawValue: "UNDELIVERED_SERVER_OUTAGE")
    /// Not delivered for another reason.
    public static let undeliveredOther = DeliveryStatus(rawValue: "UNDELIVERED_OTHER")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [DeliveryStatus] = [
        .delivered,
        .undeliveredQualityIssue,
        .undeliveredWrongItem,
        .undeliveredServerOutage,
        .undeliveredOther,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}
