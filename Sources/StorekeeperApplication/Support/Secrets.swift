import AppStoreVerification
import Crypto
import Foundation

/// Credentials Storekeeper mints (API keys, operator keys, console sessions) and how they are
/// kept: only a hash is stored, never the secret.
package enum Secrets {
    /// What every server API key starts with; operator keys have their own prefix.
    package static let apiKeyPrefix = "sk_"

    /// Lowercase hex SHA-256 of a secret: what the store keeps instead of the secret.
    package static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).lowercaseHex
    }

    /// `prefix` and 32 random bytes, base64url.
    package static func newSecret(prefix: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        return prefix + Base64.encodeURL(bytes)
    }
}
