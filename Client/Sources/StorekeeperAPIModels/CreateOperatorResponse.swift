/// The new operator and its key, shown this once.
public struct CreateOperatorResponse: Codable, Sendable, Hashable {
    public var `operator`: OperatorBody
    public var key: String

    public init(operator: OperatorBody, key: String) {
        self.operator = `operator`
        self.key = key
    }
}
