/// Whether the app delivered a working In-App Purchase (`deliveryStatus` of ConsumptionRequestV1, an int32).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct DeliveryStatusV1: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Delivered and working properly.
    public static let deliveredAndWorking = DeliveryStatusV1(rawValue: 0)
    /// Not delivered because of a quality issue.
    public static let undeliveredQualityIssue = DeliveryStatusV1(rawValue: 1)
    /// The app delivered the wrong item.
    public static let deliveredWrongItem = DeliveryStatusV1(rawValue: 2)
    /// Not delivered because of a server outage.
    public static let undeliveredServerOutage = DeliveryStatusV1(rawValue: 3)
    /// Not delivered because of an in-game currency change.
    public static let undeliveredCurrencyChange = DeliveryStatusV1(rawValue: 4)
    /// Not delivered for another reason.
    public static let undeliveredOther = DeliveryStatusV1(rawValue: 5)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [DeliveryStatusV1] = [
        .deliveredAndWorking,
        .undeliveredQualityIssue,
        .deliveredWrongItem,
        .undeliveredServerOutage,
        .undeliveredCurrencyChange,
        .undeliveredOther,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}
