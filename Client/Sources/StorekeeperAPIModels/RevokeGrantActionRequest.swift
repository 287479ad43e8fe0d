/// `POST .../customers/{customer}/grants/{grant}/revoke` carries only the reason and key.
public struct RevokeGrantActionRequest: Codable, Sendable, Hashable {
    public init() {}
}
