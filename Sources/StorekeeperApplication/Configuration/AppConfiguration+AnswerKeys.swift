import Crypto

extension AppConfiguration {
    /// `answerKeys`: the names of the app's answer-signing keys, the signing one first; each
    /// `answerKey.<name>.privateKey` (PEM, secret) or `answerKey.<name>.privateKeyPath`. A key
    /// that is missing, unreadable, not P-256 or listed twice stops the start, naming the app and
    /// the key.
    static func answerKeys(_ settings: SettingsReader, app: String) throws(ConfigurationError) -> [AnswerSigningKey] {
        var keys: [AnswerSigningKey] = []
        for name in try settings.stringArray("answerKeys") ?? [] {
            let scoped = settings.scoped("answerKey", name)
            guard
                !name.isEmpty,
                name.utf8.allSatisfy({
                    $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0)
                })
            else {
                throw ConfigurationError(
                    key: settings.name(["answerKeys"]),
                    "answer-signing key name \(name.debugDescription) of app \(app) must be lowercase letters, digits, - or _")
            }
            guard let pem = try pem(scoped, inline: "privateKey", path: "privateKeyPath") else {
                throw ConfigurationError(
                    key: scoped.name(["privateKey"]),
                    "answer-signing key \(name) of app \(app) is listed but has no privateKey or privateKeyPath")
            }
            let privateKey: P256.Signing.PrivateKey
            do {
                privateKey = try P256.Signing.PrivateKey(pemRepresentation: pem)
            } catch {
                throw ConfigurationError(
                    key: scoped.name(["privateKey"]), "answer-signing key \(name) of app \(app) is not a PEM P-256 private key")
            }
            let key = AnswerSigningKey(name: name, privateKey: privateKey)
            if let earlier = keys.first(where: { $0.name == name || $0.keyId == key.keyId }) {
                throw ConfigurationError(
                    key: settings.name(["answerKeys"]),
                    "answer-signing key \(name) of app \(app) repeats key \(earlier.name) (key id \(key.keyId))")
            }
            keys.append(key)
        }
        return keys
    }
}
