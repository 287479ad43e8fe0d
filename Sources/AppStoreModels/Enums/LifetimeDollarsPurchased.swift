/// The total amount of purchases the customer made in the app, across all platforms, in USD (`lifetimeDollarsPurchased`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct LifetimeDollarsPurchased: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = LifetimeDollarsPurchased(rawValue: 0)
    /// 0 USD.
    public static let zeroDollars = LifetimeDollarsPurchased(rawValue: 1)
    /// 0.01 to 49.99 USD.
    public static let oneCentToFortyNineDollarsAndNinetyNineCents = LifetimeDollarsPurchased(rawValue: 2)
    /// 50 to 99.99 USD.
    public static let fiftyDollarsToNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsPurchased(rawValue: 3)
    /// 100 to 499.99 USD.
    public static let oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsPurchased(rawValue: 4)
    /// 500 to 999.99 USD.
    public static let fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsPurchased(rawValue: 5)
    /// 1000 to 1999.99 USD.
    public static let oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsPurchased(rawValue: 6)
    /// 2000 USD or more.
    public static let twoThousandDollarsOrGreater = LifetimeDollarsPurchased(rawValue: 7)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [LifetimeDollarsPurchased] = [
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
