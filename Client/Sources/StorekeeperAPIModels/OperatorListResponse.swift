/// `GET /v1/admin/operators`.
public struct OperatorListResponse: Codable, Sendable, Hashable {
    public var operators: [OperatorBody]

    public init(operators: [OperatorBody]) {
        self.operators = operators
    }
}
