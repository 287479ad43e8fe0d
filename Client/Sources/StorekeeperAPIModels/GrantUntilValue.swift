/// A grant's end as sent: milliseconds since 1970, or RFC 3339 text (`2026-12-01T00:00:00Z`).
public enum GrantUntilValue: Codable, Sendable, Hashable {
    case milliseconds(Int64)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let milliseconds = try? container.decode(Int64.self) {
            self = .milliseconds(milliseconds)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .milliseconds(let milliseconds): try container.encode(milliseconds)
        case .text(let text): try container.encode(text)
        }
    }
}
