/// The overall result of a Get Retention Message performance test (`PerformanceTestStatus`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct PerformanceTestStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Requests are still being sent.
    public static let pending = PerformanceTestStatus(rawValue: "PENDING")
    /// The endpoint met the success-rate and response-time thresholds.
    public static let pass = PerformanceTestStatus(rawValue: "PASS")
    /// It did not.
    public static let fail = PerformanceTestStatus(rawValue: "FAIL")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [PerformanceTestStatus] = [.pending, .pass, .fail]

    /// The raw value as text.
    public var description: String { rawValue }
}
