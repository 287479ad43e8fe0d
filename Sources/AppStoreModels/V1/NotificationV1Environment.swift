/// The environment of a version 1 notification (`environment`): `PROD` or `Sandbox`, unlike the `Production` of receipts.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct NotificationV1Environment: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The production environment.
    public static let production = NotificationV1Environment(rawValue: "PROD")
    /// The sandbox environment.
    public static let sandbox = NotificationV1Environment(rawValue: "Sandbox")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [NotificationV1Environment] = [
        .production,
        .sandbox,
    ]

    /// The same environment in the vocabulary of receipts and version 2 (`PROD` becomes `Production`).
    public var appStoreEnvironment: AppStoreEnvironment {
        self == .production ? .production : AppStoreEnvironment(rawValue: rawValue)
    }

    /// The raw value as text.
    public var description: String { rawValue }
}
