import ArgumentParser
import Foundation
import StorekeeperApplication

/// `storekeeper answer-keys generate | show`: the keys Storekeeper signs its answers to an app
/// with (docs/SIGNED-ANSWERS.md). `generate` makes a key for the configuration; `show` publishes
/// the configured keys' public halves for the app and the backends that verify answers.
struct AnswerKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer-keys", abstract: "Make and show the keys that sign answers to an app.",
        subcommands: [Generate.self, Show.self])

    struct Generate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract:
                "Print a new answer-signing private key (PEM) on standard output and its key id on standard error; configure it as app.<id>.answerKey.<name>.privateKey."
        )

        func run() async throws {
            let key = AnswerSigningKey.generate(name: "new")
            print(key.privateKeyPEM)
            FileHandle.standardError.write(Data(AnswerKeyText.generated(key).utf8))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show an app's answer-signing key ids and public keys (PEM and base64 X9.63), marking the one that signs.")

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "The app (may be left out when one app is configured).")
        var app: String?

        func run() async throws {
            let configuration = try await options.load()
            let appIds = configuration.apps.map(\.id)
            guard let id = app ?? (appIds.count == 1 ? appIds.first : nil), let configured = configuration.app(id) else {
                throw ValidationError("--app must name one of the configured apps (\(appIds.joined(separator: ", ")))")
            }
            print(AnswerKeyText.published(configured), terminator: "")
        }
    }
}

/// What `answer-keys` prints, apart from the printing.
enum AnswerKeyText {
    static func generated(_ key: AnswerSigningKey) -> String {
        "key id \(key.keyId): list it in app.<id>.answerKeys, second while apps learn it, first once it should sign\n"
    }

    static func published(_ app: AppConfiguration) -> String {
        guard !app.answerKeys.isEmpty else {
            return "app \(app.id) has no answer-signing key: its answers are unsigned and apps report them unverified\n"
        }
        var text = "app \(app.id): answers are signed with the first key; apps should trust every key listed\n"
        for (index, key) in app.answerKeys.enumerated() {
            text += "\nkey \(key.name)  id \(key.keyId)  \(index == 0 ? "signs" : "published, does not sign")\n"
            text += "x963 (base64): \(key.publicKeyX963Base64)\n"
            text += key.publicKeyPEM + "\n"
        }
        return text
    }
}
