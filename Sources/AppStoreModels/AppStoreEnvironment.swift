/// The server environment a piece of signed data or a request belongs to.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AppStoreEnvironment: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The production App Store.
    public static let production = AppStoreEnvironment(rawValue: "Production")
    /// The sandbox App Store used for development and App Review.
    public static let sandbox = AppStoreEnvironment(rawValue: "Sandbox")
    /// StoreKit Testing in Xcode; never trusted by a production configuration.
    public static let xcode = AppStoreEnvironment(rawValue: "Xcode")
    /// Local StoreKit testing; never trusted by a production configuration.
    public static let localTesting = AppStoreEnvironment(rawValue: "LocalTesting")

    /// The raw value as text.
    public var description: String { rawValue }
}
