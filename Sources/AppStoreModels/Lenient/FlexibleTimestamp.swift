/// A millisecond timestamp (`*_ms` fields) that Apple sends as a string of digits
/// (`"1531643137200"`) in legacy receipts and version 1 notifications, or as a JSON number.
///
/// Decoding accepts both; anything else throws a `DecodingError`. Encoding writes the form the
/// value was read in (``wireStyle``, a string by default). Equality, hashing and ordering
/// compare ``timestamp`` only.
public struct FlexibleTimestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The instant, in whole milliseconds since 1970.
    public var timestamp: Timestamp
    /// How the value is written when encoded.
    public var wireStyle: FlexibleInt64.WireStyle

    /// Wraps `timestamp`; encodes as a string of digits unless told otherwise.
    public init(_ timestamp: Timestamp, wireStyle: FlexibleInt64.WireStyle = .string) {
        self.timestamp = timestamp
        self.wireStyle = wireStyle
    }

    /// Wraps a millisecond count; encodes as a string of digits unless told otherwise.
    public init(millisecondsSince1970: Int64, wireStyle: FlexibleInt64.WireStyle = .string) {
        self.init(Timestamp(millisecondsSince1970: millisecondsSince1970), wireStyle: wireStyle)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSince1970: Int64 { timestamp.millisecondsSince1970 }

    /// Equal when the instants are equal, whatever their wire styles.
    public static func == (lhs: FlexibleTimestamp, rhs: FlexibleTimestamp) -> Bool {
        lhs.timestamp == rhs.timestamp
    }

    /// Orders by instant.
    public static func < (lhs: FlexibleTimestamp, rhs: FlexibleTimestamp) -> Bool {
        lhs.timestamp < rhs.timestamp
    }

    /// Hashes the instant only, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(timestamp)
    }

    /// Decodes milliseconds sent as a JSON integer or a string of digits; anything else throws a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let number = try FlexibleInt64(from: decoder)
        self.init(millisecondsSince1970: number.value, wireStyle: number.wireStyle)
    }

    /// Encodes the milliseconds in the ``wireStyle``.
    public func encode(to encoder: any Encoder) throws {
        try FlexibleInt64(timestamp.millisecondsSince1970, wireStyle: wireStyle).encode(to: encoder)
    }

    /// The instant in ISO 8601 form.
    public var description: String { timestamp.description }
}
