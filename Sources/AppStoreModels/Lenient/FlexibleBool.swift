/// A Boolean that Apple sends in any of four forms: `true`, `"true"`, `"1"`, or `1`
/// (and their false counterparts).
///
/// Legacy receipts use `"true"`/`"false"` for `is_trial_period`, `"1"`/`"0"` for
/// `is_in_billing_retry_period` and `auto_renew_status`, version 1 notifications use
/// `"true"`/`"false"` for `auto_renew_status`, and some responses use JSON numbers. Decoding
/// accepts all of them; any other value throws a `DecodingError`. Encoding writes the form the
/// value was read in (``wireStyle``). Equality and hashing compare ``value`` only.
public struct FlexibleBool: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByBooleanLiteral {
    /// The JSON form of the value.
    public enum WireStyle: String, Hashable, Sendable {
        /// A JSON Boolean: `true` / `false`.
        case boolean
        /// A string: `"true"` / `"false"`.
        case trueFalseString
        /// A string: `"1"` / `"0"`.
        case digitString
        /// A JSON number: `1` / `0`.
        case number
    }

    /// The Boolean value.
    public var value: Bool
    /// How the value is written when encoded.
    public var wireStyle: WireStyle

    /// Creates a value that encodes as `"true"`/`"false"` unless told otherwise.
    public init(_ value: Bool, wireStyle: WireStyle = .trueFalseString) {
        self.value = value
        self.wireStyle = wireStyle
    }

    /// Creates a `"true"`/`"false"`-style value from a Boolean literal.
    public init(booleanLiteral value: Bool) {
        self.init(value)
    }

    /// Equal when the values are equal, whatever their wire styles.
    public static func == (lhs: FlexibleBool, rhs: FlexibleBool) -> Bool {
        lhs.value == rhs.value
    }

    /// Hashes the value only, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    /// Decodes any of the accepted forms; anything else throws a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let expected = "true, false, \"true\", \"false\", \"1\", \"0\", 1 or 0"
        if let text = LenientDecoding.string(in: container) {
            switch text {
            case "true": self.init(true, wireStyle: .trueFalseString)
            case "false": self.init(false, wireStyle: .trueFalseString)
            case "1": self.init(true, wireStyle: .digitString)
            case "0": self.init(false, wireStyle: .digitString)
            default: throw LenientDecoding.corrupted(in: container, expected: expected, found: text)
            }
        } else if let flag = LenientDecoding.bool(in: container) {
            self.init(flag, wireStyle: .boolean)
        } else if let number = LenientDecoding.int64(in: container) {
            switch number {
            case 1: self.init(true, wireStyle: .number)
            case 0: self.init(false, wireStyle: .number)
            default: throw LenientDecoding.corrupted(in: container, expected: expected, found: String(number))
            }
        } else {
            throw LenientDecoding.typeMismatch(Bool.self, in: container, expected: expected)
        }
    }

    /// Encodes the value in its ``wireStyle``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch wireStyle {
        case .boolean: try container.encode(value)
        case .trueFalseString: try container.encode(value ? "true" : "false")
        case .digitString: try container.encode(value ? "1" : "0")
        case .number: try container.encode(value ? 1 : 0)
        }
    }

    /// `"true"` or `"false"`.
    public var description: String { value ? "true" : "false" }
}
