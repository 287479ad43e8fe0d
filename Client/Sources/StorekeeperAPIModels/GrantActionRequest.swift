/// `POST /v1/admin/apps/{app}/customers/{customer}/grants`: `entitlement` for `duration` (ISO 8601
/// like `P7D` or `PT12H`, or whole seconds) or `until` a moment (milliseconds since 1970, or
/// RFC 3339 text); exactly one of the two.
public struct GrantActionRequest: Codable, Sendable, Hashable {
    public var entitlement: String
    public var productId: String?
    public var duration: GrantDurationValue?
    public var until: GrantUntilValue?

    public init(entitlement: String, productId: String? = nil, duration: GrantDurationValue? = nil, until: GrantUntilValue? = nil) {
        self.entitlement = entitlement
        self.productId = productId
        self.duration = duration
        self.until = until
    }
}
