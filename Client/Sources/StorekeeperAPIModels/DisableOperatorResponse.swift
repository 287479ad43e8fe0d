/// The operator after `POST /v1/admin/operators/{name}/disable`.
public struct DisableOperatorResponse: Codable, Sendable, Hashable {
    public var `operator`: OperatorBody

    public init(operator: OperatorBody) {
        self.operator = `operator`
    }
}
