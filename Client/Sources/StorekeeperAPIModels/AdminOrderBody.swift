/// An order as the admin API shows it: the app API's ``OrderBody`` and, in the same JSON object,
/// its failure code (which the app's API omits). Reads the order's fields directly
/// (`body.state`) through dynamic member lookup.
@dynamicMemberLookup
public struct AdminOrderBody: Codable, Sendable, Hashable {
    public var order: OrderBody
    /// Why the order failed, once it did.
    public var failureCode: String?

    public init(_ order: OrderBody, failureCode: String? = nil) {
        self.order = order
        self.failureCode = failureCode
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<OrderBody, Value>) -> Value {
        order[keyPath: keyPath]
    }

    private enum CodingKeys: String, CodingKey { case failureCode }

    public init(from decoder: any Decoder) throws {
        order = try OrderBody(from: decoder)
        failureCode = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .failureCode)
    }

    public func encode(to encoder: any Encoder) throws {
        try order.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(failureCode, forKey: .failureCode)
    }
}
