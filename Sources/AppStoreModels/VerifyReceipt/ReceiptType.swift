/// The environment and channel of a legacy app receipt (`receipt_type`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct ReceiptType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A production receipt.
    public static let production = ReceiptType(rawValue: "Production")
    /// A production receipt for a Volume Purchase Program purchase.
    public static let productionVPP = ReceiptType(rawValue: "ProductionVPP")
    /// A sandbox receipt.
    public static let productionSandbox = ReceiptType(rawValue: "ProductionSandbox")
    /// A sandbox receipt for a Volume Purchase Program purchase.
    public static let productionVPPSandbox = ReceiptType(rawValue: "ProductionVPPSandbox")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [ReceiptType] = [
        .production,
        .productionVPP,
        .productionSandbox,
        .productionVPPSandbox,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}
