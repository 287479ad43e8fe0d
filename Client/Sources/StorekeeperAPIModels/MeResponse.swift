/// `GET /v1/admin/me`: the calling operator.
public struct MeResponse: Codable, Sendable, Hashable {
    public var `operator`: OperatorBody

    public init(operator: OperatorBody) {
        self.operator = `operator`
    }
}
