/// A configuration problem found at start, naming the key so an operator can fix it without
/// reading code.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The dotted key (`app.main.bundleId`), as written in the config file.
    public var key: String
    public var reason: String

    public init(key: String, _ reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "configuration key \(key): \(reason)" }
}
