/// A configuration problem found at start, naming the key so an operator can fix it without
/// reading code. Every one carries the stable code `invalidConfiguration`.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
    }

    public var code: Code { .invalidConfiguration }
    /// The dotted key (`app.main.bundleId`), as written in the config file.
    public var key: String
    public var reason: String

    public init(key: String, _ reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "configuration key \(key): \(reason)" }
}
