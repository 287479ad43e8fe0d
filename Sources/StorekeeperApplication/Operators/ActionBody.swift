// How the admin API reads an operator action's body: the action's fields (a wire model of
// `StorekeeperAPIModels`, as `AdminActionRequest` spells the whole body) and the `reason` and
// `idempotencyKey` every action carries, checked while decoding (``AdminActionBody``).

/// An action's body: its own fields and the `reason` and `idempotencyKey` every action carries,
/// both read from the same JSON object. The fields, the path's target and the reason identify the
/// request for idempotency: a replay keeps the first request's reason on record, so a key sent
/// again with another reason is a conflict rather than a replay that drops the new reason.
package struct ActionBody<Fields: Codable & Sendable>: Decodable, Sendable {
    package let fields: Fields
    package let action: AdminActionBody

    package init(from decoder: any Decoder) throws {
        fields = try Fields(from: decoder)
        action = try AdminActionBody(from: decoder)
    }
}

/// What an action's idempotency record hashes: the path's target (a customer, an order, a grant),
/// the reason (trimmed, as audited) and the action's fields.
package struct ActionRequest<Fields: Encodable & Sendable>: Encodable, Sendable {
    package let target: String
    package let reason: String
    package let fields: Fields

    package init(
        target: String, reason: String, fields: Fields
    ) {
        self.target = target
        self.reason = reason
        self.fields = fields
    }
}
