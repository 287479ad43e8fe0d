/// The answer to a merge: the surviving customer as the app now sees them.
public struct MergeResponse: Codable, Sendable, Hashable {
    public var from: String
    public var into: String
    public var customer: CustomerBody

    public init(from: String, into: String, customer: CustomerBody) {
        self.from = from
        self.into = into
        self.customer = customer
    }
}
