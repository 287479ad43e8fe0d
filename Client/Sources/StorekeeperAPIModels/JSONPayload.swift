/// A JSON value carried as it is: what Apple signed, decoded, shown raw (an inbox entry's
/// payload, transaction, renewal info or V1 body). Apple's own types stay in the server; this
/// keeps their JSON exactly, integers as integers, so a client reads any field Apple sends.
public indirect enum JSONPayload: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number without a fraction that fits 64 bits (Apple's times, IDs, prices, statuses).
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONPayload])
    case object([String: JSONPayload])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONPayload].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONPayload].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// The member `key` of an object; `nil` for a missing member or a value that is no object.
    public subscript(key: String) -> JSONPayload? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The text of a string value.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The value of an integer.
    public var integerValue: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}
