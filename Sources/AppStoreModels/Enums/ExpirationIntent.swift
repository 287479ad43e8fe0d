/// The reason an auto-renewable subscription expired (`expirationIntent` / `expiration_intent`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct ExpirationIntent: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The customer cancelled the subscription.
    public static let customerCancelled = ExpirationIntent(rawValue: 1)
    /// Billing error, for example the payment information was no longer valid.
    public static let billingError = ExpirationIntent(rawValue: 2)
    /// The customer did not consent to a price increase that required consent.
    public static let didNotConsentToPriceIncrease = ExpirationIntent(rawValue: 3)
    /// The product was not available for purchase at the time of renewal.
    public static let productNotAvailable = ExpirationIntent(rawValue: 4)
    /// The subscription expired for some other reason.
    public static let other = ExpirationIntent(rawValue: 5)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [ExpirationIntent] = [
        .customerCancelled,
        .billingError,
        .didNotConsentToPriceIncrease,
        .productNotAvailable,
        .other,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}
