/// A 64-bit integer that Apple sends either as a JSON number (`"adam_id": 0`) or as a string of
/// decimal digits (`"quantity": "1"`), as legacy receipts and version 1 notifications do.
///
/// Decoding accepts both forms; anything else (a fraction, whitespace, letters, an overflowing
/// number) throws a `DecodingError`. Encoding writes the value back in the form it was read in
/// (``wireStyle``), so a decoded payload re-encodes in Apple's own shape. Equality and hashing
/// compare ``value`` only.
public struct FlexibleInt64: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The JSON form of the value.
    public enum WireStyle: String, Hashable, Sendable {
        /// A string of decimal digits, e.g. `"1531643137200"`; Apple's usual legacy form.
        case string
        /// A JSON number, e.g. `0`; used by Apple for `adam_id`, `app_item_id`, `download_id`.
        case number
    }

    /// The integer value.
    public var value: Int64
    /// How the value is written when encoded.
    public var wireStyle: WireStyle

    /// Creates a value that encodes as a string unless told otherwise.
    public init(_ value: Int64, wireStyle: WireStyle = .string) {
        self.value = value
        self.wireStyle = wireStyle
    }

    /// Creates a string-style value from an integer literal.
    public init(integerLiteral value: Int64) {
        self.init(value)
    }

    /// Equal when the values are equal, whatever their wire styles.
    public static func == (lhs: FlexibleInt64, rhs: FlexibleInt64) -> Bool {
        lhs.value == rhs.value
    }

    /// Hashes the value only, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    /// Decodes a JSON integer or a string of decimal digits; anything else throws a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = LenientDecoding.string(in: container) {
            guard let parsed = LenientDecoding.parseInt64(text) else {
                throw LenientDecoding.corrupted(in: container, expected: "a decimal integer", found: text)
            }
            self.init(parsed, wireStyle: .string)
        } else if let number = LenientDecoding.int64(in: container) {
            self.init(number, wireStyle: .number)
        } else {
            throw LenientDecoding.typeMismatch(
                Int64.self, in: container, expected: "an integer or a string of decimal digits")
        }
    }

    /// Encodes the value in its ``wireStyle``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch wireStyle {
        case .string: try container.encode(String(value))
        case .number: try container.encode(value)
        }
    }

    /// The value in decimal.
    public var description: String { String(value) }
}
