import Foundation
import StorekeeperApplication
import Testing

@testable import storekeeper

/// `storekeeper answer-keys generate` makes a key the configuration loads as it is, and
/// `answer-keys show` publishes every configured key of an app (id, base64 X9.63, PEM), marking
/// the one that signs.
@Suite struct AnswerKeysCommandTests {
    static func configuration(_ keys: [AnswerSigningKey]) async throws -> StorekeeperConfiguration {
        let pems = try keys.map {
            "\"\($0.name)\": {\"privateKey\": \(String(decoding: try JSONEncoder().encode($0.privateKeyPEM), as: UTF8.self))}"
        }
        let json = """
            {"mode": "development", "apps": ["main"],
             "app": {"main": {"bundleId": "com.example.app", "products": [],
               "answerKeys": [\(keys.map { "\"\($0.name)\"" }.joined(separator: ", "))],
               "answerKey": {\(pems.joined(separator: ", "))}}}}
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("answer-keys-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await StorekeeperConfiguration.load(path: file.path, environment: [:], overrides: [:])
    }

    @Test func theCommandsParse() throws {
        #expect(try StorekeeperCommand.parseAsRoot(["answer-keys", "generate"]) is AnswerKeysCommand.Generate)
        let show = try #require(try StorekeeperCommand.parseAsRoot(["answer-keys", "show", "--app", "main"]) as? AnswerKeysCommand.Show)
        #expect(show.app == "main")
    }

    @Test func aGeneratedKeyLoadsAsConfiguredWithTheIdItWasPrintedWith() async throws {
        let generated = AnswerSigningKey.generate(name: "fresh")
        #expect(generated.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(AnswerKeyText.generated(generated).hasPrefix("key id \(generated.keyId):"))
        let loaded = try #require(try await Self.configuration([generated]).app("main")?.answerKeys.first)
        #expect(loaded.keyId == generated.keyId)
        #expect(AnswerKeysCommandTests.isHexKeyId(loaded.keyId))
    }

    @Test func showPublishesEveryKeyAndMarksTheSigningOne() async throws {
        let current = AnswerSigningKey.generate(name: "current")
        let next = AnswerSigningKey.generate(name: "next")
        let app = try #require(try await Self.configuration([current, next]).app("main"))
        let text = AnswerKeyText.published(app)
        #expect(text.contains("key current  id \(current.keyId)  signs\n"))
        #expect(text.contains("key next  id \(next.keyId)  published, does not sign\n"))
        for key in [current, next] {
            #expect(text.contains(key.publicKeyPEM))
            #expect(text.contains("x963 (base64): \(key.publicKeyX963Base64)\n"))
            let x963 = try #require(Data(base64Encoded: key.publicKeyX963Base64))
            #expect(x963.count == 65 && x963.first == 0x04, "an uncompressed P-256 point")
        }
        #expect(!text.contains("PRIVATE"), "only public halves are shown")
        let first = try #require(text.range(of: current.keyId))
        let second = try #require(text.range(of: next.keyId))
        #expect(first.lowerBound < second.lowerBound, "in configured order")
    }

    @Test func anAppWithoutKeysSaysItsAnswersAreUnsigned() async throws {
        let app = try #require(try await Self.configuration([]).app("main"))
        #expect(
            AnswerKeyText.published(app) == "app main has no answer-signing key: its answers are unsigned and apps report them unverified\n"
        )
    }

    static func isHexKeyId(_ id: String) -> Bool {
        id.count == 16 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
