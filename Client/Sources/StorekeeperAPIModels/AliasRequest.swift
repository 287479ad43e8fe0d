/// `POST /v1/apps/{app}/customers/{customer}/aliases`.
public struct AliasRequest: Codable, Sendable, Hashable {
    /// The customer to merge into this one (typically `guest:<device id>`).
    public var alias: String

    public init(alias: String) {
        self.alias = alias
    }
}
