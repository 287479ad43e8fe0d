/// Which customers an app can name: its own, or those of the app group it belongs to.
///
/// A customer's space is part of its stored key (``CustomerID/key``), so every customer-keyed
/// read and write of one space (grants, ledger, subscriptions, orders, owners, timeline) cannot
/// reach another's rows. A space is named by an app id or an app group id (lowercase letters,
/// digits, `-`, `_`, as app ids are); the unnamed space ``preIsolation`` holds the customers stored before apps
/// were isolated, whose keys carry no space.
public struct CustomerSpace: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The app or group id; empty for ``preIsolation``.
    public let rawValue: String

    /// The space of customers stored before apps were isolated: their stored key is their id.
    public static let preIsolation = CustomerSpace(unchecked: "")

    /// `id` as a space: an app or app group id (lowercase letters, digits, `-`, `_`).
    public init?(_ id: String) {
        guard Self.isSpaceName(id) else { return nil }
        rawValue = id
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// Whether `text` can name a space; an app id or group id is one when it can.
    public static func isSpaceName(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// The space a stored key names: what precedes its `/`, or ``preIsolation`` without one.
    static func split(stored key: String) -> (space: CustomerSpace, id: Substring)? {
        guard let slash = key.firstIndex(of: "/") else { return (.preIsolation, key[...]) }
        guard let space = CustomerSpace(String(key[..<slash])) else { return nil }
        return (space, key[key.index(after: slash)...])
    }

    public var description: String { rawValue.isEmpty ? "(pre-isolation)" : rawValue }
    public static func < (lhs: CustomerSpace, rhs: CustomerSpace) -> Bool { lhs.rawValue < rhs.rawValue }
}
