/// An operator action's body: the action's own fields, and beside them in the same JSON object
/// the `reason` (1–500 characters once trimmed, kept in the audit log) and the `idempotencyKey`
/// (1–128 bytes: a retry with the same key and request answers the first result).
public struct AdminActionRequest<Fields: Codable & Sendable>: Codable, Sendable {
    public var fields: Fields
    public var reason: String
    public var idempotencyKey: String

    public init(fields: Fields, reason: String, idempotencyKey: String) {
        self.fields = fields
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }

    private enum CodingKeys: String, CodingKey { case reason, idempotencyKey }

    public init(from decoder: any Decoder) throws {
        fields = try Fields(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reason = try container.decode(String.self, forKey: .reason)
        idempotencyKey = try container.decode(String.self, forKey: .idempotencyKey)
    }

    public func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reason, forKey: .reason)
        try container.encode(idempotencyKey, forKey: .idempotencyKey)
    }
}

extension AdminActionRequest: Equatable where Fields: Equatable {}
extension AdminActionRequest: Hashable where Fields: Hashable {}
