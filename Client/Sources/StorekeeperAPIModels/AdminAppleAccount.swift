/// An Apple account a customer was seen behind (a purchase made with it was presented by or
/// given to the customer), and the app's other customers seen behind it.
public struct AdminAppleAccount: Codable, Sendable, Hashable {
    /// Apple's app transaction identifier: one per Apple account and app.
    public var appTransactionId: String
    /// `Production` or `Sandbox`, as Apple names it.
    public var environment: String
    /// The app's other customers seen behind the same Apple account, in the order they were seen.
    public var sharedWith: [String]

    public init(appTransactionId: String, environment: String, sharedWith: [String]) {
        self.appTransactionId = appTransactionId
        self.environment = environment
        self.sharedWith = sharedWith
    }
}
