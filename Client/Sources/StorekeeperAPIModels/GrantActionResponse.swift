/// The answer to a grant or a revocation: the grant and the customer's entitlements after it.
public struct GrantActionResponse: Codable, Sendable, Hashable {
    public var grant: OperatorGrantBody
    public var entitlements: [CustomerBody.Entitlement]

    public init(grant: OperatorGrantBody, entitlements: [CustomerBody.Entitlement]) {
        self.grant = grant
        self.entitlements = entitlements
    }
}
