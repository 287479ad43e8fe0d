import Crypto
import Foundation
import StorekeeperApplication
import Testing

/// An app's answer-signing keys are configured like its other private keys (PEM inline, from the
/// environment, or from a file), in order: the first signs. A key that cannot be used stops the
/// start with an error naming the app and the key.
@Suite struct AnswerKeysConfigurationTests {
    static func config(_ answerKeys: String) -> String {
        """
        {
          "mode": "development",
          "apps": ["main"],
          "app": {
            "main": {
              "bundleId": "com.example.app",
              \(answerKeys)
              "products": []
            }
          }
        }
        """
    }

    static func json(_ text: String) throws -> String { String(decoding: try JSONEncoder().encode(text), as: UTF8.self) }

    @Test func keysLoadInOrderFromTheFileTheEnvironmentAndAKeyFile() async throws {
        let current = P256.Signing.PrivateKey()
        let next = P256.Signing.PrivateKey()
        let third = P256.Signing.PrivateKey()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("answer-key-\(UUID().uuidString).pem")
        try Data(third.pemRepresentation.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let configuration = try await ConfigurationTests.load(
            json: Self.config(
                """
                "answerKeys": ["current", "next", "third"],
                "answerKey": {"current": {"privateKey": \(try Self.json(current.pemRepresentation))},
                              "third": {"privateKeyPath": \(try Self.json(file.path))}},
                """),
            environment: ["APP_MAIN_ANSWER_KEY_NEXT_PRIVATE_KEY": next.pemRepresentation])
        let keys = try #require(configuration.app("main")).answerKeys
        #expect(keys.map(\.name) == ["current", "next", "third"])
        #expect(keys.map(\.publicKey.rawRepresentation) == [current, next, third].map(\.publicKey.rawRepresentation))
        #expect(keys[0].keyId == AnswerSigningKey.keyId(of: current.publicKey))
        #expect(keys[0].keyId.count == 16)
        #expect(Set(keys.map(\.keyId)).count == 3)
    }

    @Test func anAppWithoutKeysHasNone() async throws {
        let configuration = try await ConfigurationTests.load(json: Self.config(""))
        #expect(try #require(configuration.app("main")).answerKeys.isEmpty)
    }

    @Test(arguments: [
        (
            "a malformed key",
            #""answerKeys": ["k1"], "answerKey": {"k1": {"privateKey": "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"}},"#,
            "app.main.answerKey.k1.privateKey", "answer-signing key k1 of app main is not a PEM P-256 private key"
        ),
        (
            "a listed key without a key", #""answerKeys": ["k1"],"#, "app.main.answerKey.k1.privateKey",
            "answer-signing key k1 of app main is listed but has no privateKey or privateKeyPath"
        ),
        (
            "an unreadable key file", #""answerKeys": ["k1"], "answerKey": {"k1": {"privateKeyPath": "/nonexistent/k1.pem"}},"#,
            "app.main.answerKey.k1.privateKeyPath", "cannot read /nonexistent/k1.pem"
        ),
        ("a bad name", #""answerKeys": ["K 1"],"#, "app.main.answerKeys", "answer-signing key name \"K 1\" of app main"),
    ])
    func unusableKeysStopTheStartNamingAppAndKey(_ label: String, _ keys: String, _ key: String, _ reason: String) async throws {
        let error = try await #require(throws: ConfigurationError.self, "\(label)") {
            try await ConfigurationTests.load(json: Self.config(keys))
        }
        #expect(error.key == key, "\(label)")
        #expect(error.reason.contains(reason), "\(label): \(error.reason)")
    }

    @Test func theSameKeyListedTwiceIsRefused() async throws {
        let pem = try Self.json(P256.Signing.PrivateKey().pemRepresentation)
        let error = try await #require(throws: ConfigurationError.self) {
            try await ConfigurationTests.load(
                json: Self.config(#""answerKeys": ["a", "b"], "answerKey": {"a": {"privateKey": \#(pem)}, "b": {"privateKey": \#(pem)}},"#))
        }
        #expect(error.key == "app.main.answerKeys")
        #expect(error.reason.contains("answer-signing key b of app main repeats key a"), "\(error.reason)")
    }
}
