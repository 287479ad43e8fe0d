/// `POST .../customers/{customer}/merge`: the customer (a guest, a duplicate account) merges
/// `into` another, as the app's alias merge does.
public struct MergeActionRequest: Codable, Sendable, Hashable {
    /// The surviving customer as the app names it.
    public var into: String

    public init(into: String) {
        self.into = into
    }
}
