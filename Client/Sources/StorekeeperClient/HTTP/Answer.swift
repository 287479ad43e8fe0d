/// A decoded answer from Storekeeper, with whether its signature verified.
public struct Answer<Value: Sendable>: Sendable {
    public var value: Value
    public var status: Int
    public var verification: AnswerVerification

    public init(value: Value, status: Int, verification: AnswerVerification) {
        self.value = value
        self.status = status
        self.verification = verification
    }
}

extension Answer: Equatable where Value: Equatable {}
