/// Names command-line overrides (dotted keys) as environment variables, so one
/// `EnvironmentVariablesProvider` reads them with its typed parsing (booleans, integers,
/// comma-separated arrays) instead of keeping every value a string.
///
/// The mapping is the one the environment provider looks keys up by: each component's camelCase
/// words split by `_`, upper-cased, every character but letters and digits replaced by `_`,
/// components joined by `_` (`app.main.proceeds.smallBusinessProgram` is
/// `APP_MAIN_PROCEEDS_SMALL_BUSINESS_PROGRAM`).
package enum OverrideNames {
    package static func environment(_ overrides: [String: String]) -> [String: String] {
        var names: [String: String] = [:]
        for (key, value) in overrides { names[name(key)] = value }
        return names
    }

    package static func name(_ dottedKey: String) -> String {
        dottedKey.split(separator: ".", omittingEmptySubsequences: false).map { component in
            var words = ""
            var previous: Character?
            for character in component {
                if let previous, previous.isLowercase, character.isUppercase { words.append("_") }
                words.append(character)
                previous = character
            }
            return String(words.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }.joined(separator: "_")
    }
}
