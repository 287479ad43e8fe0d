import Foundation
import StorekeeperAPIModels
import Testing

// The app API's answers read as the wire models of `StorekeeperAPIModels`, from the JSON a
// `CheckedClient` response holds (which the OpenAPI contract already checked).

extension OrderBody {
    /// The order in `json`, decoded as the API's order body.
    init(_ json: JSONValue?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let json = try #require(json, "no order in the response", sourceLocation: sourceLocation)
        self = try JSONDecoder().decode(OrderBody.self, from: try JSONEncoder().encode(json))
    }
}

extension CustomerBody {
    /// The customer view in `json`, decoded as the API's customer body.
    init(_ json: JSONValue) throws {
        self = try JSONDecoder().decode(CustomerBody.self, from: try JSONEncoder().encode(json))
    }

    func entitlement(_ id: String) -> Entitlement? { entitlements.first { $0.id == id } }
    func balance(_ currency: String) -> Int64 { balances[currency] ?? 0 }
}

extension JSONValue: Encodable {
    func encode(to encoder: any Encoder) throws {
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

    var intValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }
}
