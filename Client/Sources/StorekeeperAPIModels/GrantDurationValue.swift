/// A grant's duration as sent: ISO 8601 text (`P7D`, `PT12H`) or whole seconds.
public enum GrantDurationValue: Codable, Sendable, Hashable {
    case iso8601(String)
    case seconds(Int64)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Int64.self) {
            self = .seconds(seconds)
        } else {
            self = .iso8601(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .iso8601(let text): try container.encode(text)
        case .seconds(let seconds): try container.encode(seconds)
        }
    }
}
