/// The answer of every operator action: its result, and whether this is a replay of an earlier
/// request with the same idempotency key (nothing was done again).
public struct AdminActionResponse<Result: Codable & Sendable>: Codable, Sendable {
    public var replayed: Bool
    public var result: Result

    public init(replayed: Bool, result: Result) {
        self.replayed = replayed
        self.result = result
    }
}

extension AdminActionResponse: Equatable where Result: Equatable {}
extension AdminActionResponse: Hashable where Result: Hashable {}
