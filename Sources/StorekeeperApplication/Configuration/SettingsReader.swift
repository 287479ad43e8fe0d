package import Configuration

/// Typed, strict reads over a `ConfigReader`: a value of the wrong type is an error naming the
/// key, never silently replaced by a default (swift-configuration's optional reads return `nil`
/// for both "missing" and "wrong type", so presence is checked separately).
package struct SettingsReader {
    package let config: ConfigReader
    package let prefix: [String]

    package init(_ config: ConfigReader, prefix: [String] = []) {
        self.config = config
        self.prefix = prefix
    }

    package func scoped(_ components: String...) -> SettingsReader {
        SettingsReader(config, prefix: prefix + components)
    }

    package func name(_ components: [String]) -> String { (prefix + components).joined(separator: ".") }

    private func key(_ components: [String]) -> ConfigKey { ConfigKey(prefix + components) }

    /// Whether any provider has a value for the key, of whatever type.
    package func isPresent(_ components: String...) -> Bool { isPresent(components) }

    private func isPresent(_ components: [String]) -> Bool {
        let key = key(components)
        return config.string(forKey: key) != nil || config.int(forKey: key) != nil || config.double(forKey: key) != nil
            || config.bool(forKey: key) != nil || config.stringArray(forKey: key) != nil
            || config.intArray(forKey: key) != nil
    }

    private func typed<T>(_ components: [String], _ type: String, _ read: (ConfigKey) -> T?) throws(ConfigurationError) -> T? {
        if let value = read(key(components)) { return value }
        guard !isPresent(components) else {
            throw ConfigurationError(key: name(components), "must be \(type)")
        }
        return nil
    }

    package func string(_ components: String..., secret: Bool = false) throws(ConfigurationError) -> String? {
        try typed(components, "a string") { config.string(forKey: $0, isSecret: secret) }
    }

    package func requiredString(_ components: String..., secret: Bool = false) throws(ConfigurationError) -> String {
        guard let value = try typed(components, "a string", { config.string(forKey: $0, isSecret: secret) }), !value.isEmpty
        else { throw ConfigurationError(key: name(components), "is required") }
        return value
    }

    package func int(_ components: String...) throws(ConfigurationError) -> Int? {
        try typed(components, "an integer") { config.int(forKey: $0) }
    }

    package func bool(_ components: String...) throws(ConfigurationError) -> Bool? {
        try typed(components, "true or false") { config.bool(forKey: $0) }
    }

    package func stringArray(_ components: String...) throws(ConfigurationError) -> [String]? {
        try typed(components, "an array of strings") { config.stringArray(forKey: $0) }
    }

    /// One of `allowed`, or `nil` when absent.
    package func choice<T: RawRepresentable>(_ components: String..., as type: T.Type) throws(ConfigurationError) -> T?
    where T.RawValue == String {
        guard let text = try typed(components, "a string", { config.string(forKey: $0) }) else { return nil }
        guard let value = T(rawValue: text) else {
            throw ConfigurationError(key: name(components), "has unknown value \(text.debugDescription)")
        }
        return value
    }
}
