/// The server environment a piece of signed data or a request belongs to.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AppStoreEnvironment: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let production = AppStoreEnvironment(rawValue: "Production")
    public static let sandbox = AppStoreEnvironment(rawValue: "Sandbox")
    /// StoreKit Testing in Xcode; never trusted by a production configuration.
    public static let xcode = AppStoreEnvironment(rawValue: "Xcode")
    /// Local StoreKit testing; never trusted by a production configuration.
    public static let localTesting = AppStoreEnvironment(rawValue: "LocalTesting")

    public var description: String { rawValue }
}
