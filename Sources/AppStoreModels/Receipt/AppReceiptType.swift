/// The `receipt_type` of a legacy app receipt (attribute `0`): which App Store environment
/// signed it.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AppReceiptType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let production = AppReceiptType(rawValue: "Production")
    public static let productionSandbox = AppReceiptType(rawValue: "ProductionSandbox")
    /// Volume Purchase Program receipts.
    public static let productionVPP = AppReceiptType(rawValue: "ProductionVPP")
    public static let productionVPPSandbox = AppReceiptType(rawValue: "ProductionVPPSandbox")
    public static let sandbox = AppReceiptType(rawValue: "Sandbox")
    /// StoreKit Testing in Xcode.
    public static let xcode = AppReceiptType(rawValue: "Xcode")

    /// The server environment this receipt type belongs to, or `nil` for a value this code does
    /// not know (a caller that restricts environments must then refuse the receipt).
    ///
    /// `Production` and `ProductionVPP` → ``AppStoreEnvironment/production``;
    /// `ProductionSandbox`, `ProductionVPPSandbox` and `Sandbox` → ``AppStoreEnvironment/sandbox``;
    /// `Xcode` → ``AppStoreEnvironment/xcode``.
    public var environment: AppStoreEnvironment? {
        switch self {
        case .production, .productionVPP: .production
        case .productionSandbox, .productionVPPSandbox, .sandbox: .sandbox
        case .xcode: .xcode
        default: nil
        }
    }

    public var description: String { rawValue }
}
