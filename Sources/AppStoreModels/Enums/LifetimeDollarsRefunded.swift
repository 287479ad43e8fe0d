/// The total amount of refunds the customer received in the app, across all platforms, in USD (`lifetimeDollarsRefunded`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct LifetimeDollarsRefunded: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = LifetimeDollarsRefunded(rawValue: 0)
    /// 0 USD.
    public static let zeroDollars = LifetimeDollarsRefunded(rawValue: 1)
    /// 0.01 to 49.99 USD.
    public static let oneCentToFortyNineDollarsAndNinetyNineCents = LifetimeDollarsRefunded(rawValue: 2)
    /// 50 to 99.99 USD.
    public static let fiftyDollarsToNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsRefunded(rawValue: 3)
    /// 100 to 499.99 USD.
    public static let oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsRefunded(rawValue: 4)
    /// 500 to 999.99 USD.
    public static let fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsRefunded(rawValue: 5)
    /// 1000 to 1999.99 USD.
    public static let oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsRefunded(rawValue: 6)
    /// 2000 USD or more.
    public static let twoThousandDollarsOrGreater = LifetimeDollarsRefunded(rawValue: 7)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [LifetimeDollarsRefunded] = [
        .undeclared,
        .zeroDollars,
        .oneCentToFortyNineDollarsAndNinetyNineCents,
        .fiftyDollarsToNinetyNineDollarsAndNinetyNineCents,
        .oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents,
        .fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents,
        .oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents,
        .twoThousandDollarsOrGreater,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}
