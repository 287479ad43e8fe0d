/// An Apple value set modelled as an open enumeration: a `RawRepresentable` struct with a
/// `static let` per documented value, so values Apple adds later decode and are kept.
///
/// Conforming types decode from and encode to their raw value (the standard library's
/// `RawRepresentable` coding), never fail on an undocumented value, and list the values
/// documented when they were written in ``knownValues``.
public protocol OpenEnumeration: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue: Hashable & Sendable & Codable {
    /// Every value Apple documented when this type was written.
    static var knownValues: [Self] { get }
}

extension OpenEnumeration {
    /// Whether Apple documented this value when this type was written; `false` for a value
    /// Apple added later (still decoded and kept in `rawValue`).
    public var isKnown: Bool { Self.knownValues.contains(self) }
}
