/// The order of Get Transaction History results, by recently modified date (`sort` query parameter).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct TransactionHistorySort: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Oldest modification first (the default).
    public static let ascending = TransactionHistorySort(rawValue: "ASCENDING")
    /// Most recent modification first.
    public static let descending = TransactionHistorySort(rawValue: "DESCENDING")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [TransactionHistorySort] = [
        .ascending,
        .descending,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}
