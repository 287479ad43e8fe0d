/// A string that Apple documents as a number in some places and sends as a string in others,
/// such as the `original_transaction_id` (a "long") of a version 1 notification.
///
/// Decoding accepts a JSON string or a JSON integer (kept as its decimal text); any other JSON
/// type throws a `DecodingError`. Encoding writes the form the value was read in
/// (``wireStyle``); a value read as a number that no longer parses as one is written as a
/// string. Equality and hashing compare ``value`` only.
public struct FlexibleString: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text of the value.
    public var value: String
    /// How the value is written when encoded.
    public var wireStyle: FlexibleInt64.WireStyle

    /// Creates a value that encodes as a JSON string unless told otherwise.
    public init(_ value: String, wireStyle: FlexibleInt64.WireStyle = .string) {
        self.value = value
        self.wireStyle = wireStyle
    }

    /// Creates a string-style value from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Equal when the texts are equal, whatever their wire styles.
    public static func == (lhs: FlexibleString, rhs: FlexibleString) -> Bool {
        lhs.value == rhs.value
    }

    /// Hashes the text only, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    /// Decodes a JSON string or integer; anything else throws a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = LenientDecoding.string(in: container) {
            self.init(text, wireStyle: .string)
        } else if let number = LenientDecoding.int64(in: container) {
            self.init(String(number), wireStyle: .number)
        } else {
            throw LenientDecoding.typeMismatch(String.self, in: container, expected: "a string or an integer")
        }
    }

    /// Encodes the value in its ``wireStyle``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if wireStyle == .number, let number = LenientDecoding.parseInt64(value) {
            try container.encode(number)
        } else {
            try container.encode(value)
        }
    }

    /// The text of the value.
    public var description: String { value }
}
