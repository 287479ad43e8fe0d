import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper retention`: the app's Retention Messaging — its setup and figures (`show`), the
/// rules (`rules`), messages and images uploaded to Apple (`message`, `image`, `delete`), default
/// messages (`default`), the real-time URL (`url`) and Apple's performance test (`test`). Every
/// change is an audited operator action.
struct RetentionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention", abstract: "Retention Messaging: rules, messages, default messages, the real-time URL, figures.",
        subcommands: [Show.self, Rules.self, Message.self, Image.self, Delete.self, Default.self, URLCommand.self, Test.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Rules, uploads with Apple's review states, the real-time URL and figures.")

        @OptionGroup var admin: AdminOptions

        @Option(help: "Sandbox or Production (default: Production when the app serves it).")
        var environment: String?

        func run() async throws {
            let client = try admin.client()
            let data = try await client.get(try admin.appPath("/retention"), query: ["environment": environment])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let view = try JSONDecoder().decode(RetentionView.self, from: data)
            print("Real-time URL (\(view.environment)): \(view.realtimeURL ?? "none")")
            if let unavailable = view.appleUnavailable { print("Apple: \(unavailable) (review states as last seen)") }
            var rules = TextTable(["#", "RULE", "CONDITIONS", "ANSWER"])
            for (index, rule) in view.rules.enumerated() {
                rules.append([
                    String(index + 1), rule.id, rule.conditions.map(RetentionCommand.text).joined(separator: " and "),
                    RetentionCommand.text(rule.answer),
                ])
            }
            print("\nRules (revision \(view.revision))\n" + rules.text, terminator: "")
            var content = TextTable(["IDENTIFIER", "KIND", "STATE", "HEADER"])
            for item in view.content { content.append([item.identifier, item.kind, item.state, item.header ?? ""]) }
            print("\nUploads\n" + content.text, terminator: "")
            let figures = view.figures
            print(
                "\nLast 30 days: \(figures.requests) requests, \(figures.deadlineMisses) over 700 ms; answers: "
                    + figures.answers.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
            var outcomes = TextTable(["RULE", "REQUESTS", "REDEEMED", "SWITCHED", "CANCELLED", "STAYED", "PENDING"])
            for rule in figures.rules {
                outcomes.append(
                    [
                        rule.ruleId ?? "(default)", String(rule.requests), String(rule.redeemed), String(rule.switched),
                        String(rule.cancelled),
                        String(rule.stayed), String(rule.pending),
                    ])
            }
            print(outcomes.text, terminator: "")
        }
    }

    struct Rules: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules", abstract: "Replace the rules with a JSON file (an array of rules, tried in order).")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions

        @Option(help: "The rules: a JSON array of {id, conditions, answer} (see docs/RETENTION.md).")
        var file: String

        func run() async throws {
            let rules = try JSONDecoder().decode([RetentionRuleBody].self, from: try Data(contentsOf: URL(fileURLWithPath: file)))
            let client = try admin.client()
            let data = try await client.put(
                try admin.appPath("/retention/rules"),
                RetentionRulesRequest(rules: rules, reason: action.reason, idempotencyKey: action.key()))
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let answer = try JSONDecoder().decode(AdminActionResponse<RetentionRulesResult>.self, from: data)
            print(
                "revision \(answer.result.revision): \(answer.result.rules.map(\.id).joined(separator: ", "))\(answer.replayed ? " (replayed)" : "")"
            )
        }
    }

    struct Message: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "message", abstract: "Upload a message to Apple (pending until reviewed).")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions
        @Option(help: "Sandbox or Production.") var environment: String?
        @Option(help: "The header (at most 66 characters).") var header: String
        @Option(help: "The body (at most 144 characters).") var body: String
        @Option(help: "An uploaded image to show with it.") var image: String?
        @Option(help: "The image's alternative text.") var altText: String?
        @Option(
            name: .customLong("bullet"),
            help:
                "A bullet point, IMAGE:TEXT — an uploaded BULLET_POINT image's identifier, a colon, the text (66 characters; also the image's alternative text). Up to 5, in order."
        )
        var bullets: [String] = []

        func run() async throws {
            try await RetentionCommand.act(admin, "/retention/messages", try request())
        }

        /// The admin API's request; a `--bullet` without its colon is refused before any call.
        func request() throws -> RetentionMessageRequest {
            let points = try bullets.map { bullet -> RetentionBulletPointBody in
                guard let colon = bullet.firstIndex(of: ":") else {
                    throw ValidationError("--bullet takes IMAGE:TEXT (the bullet image's identifier, a colon, the text)")
                }
                let text = String(bullet[bullet.index(after: colon)...])
                return RetentionBulletPointBody(text: text, imageIdentifier: String(bullet[..<colon]), altText: text)
            }
            return RetentionMessageRequest(
                environment: environment, header: header, body: body, imageIdentifier: image, altText: altText,
                bulletPoints: points.isEmpty ? nil : points, reason: action.reason, idempotencyKey: action.key())
        }
    }

    struct Image: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "image", abstract: "Upload an opaque PNG to Apple (3840 × 160–2160, or 1024 × 1024 for a bullet point).")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions
        @Option(help: "Sandbox or Production.") var environment: String?
        @Option(help: "The PNG file.") var file: String
        @Option(help: "FULL_SIZE (a message's image, the default) or BULLET_POINT (a bullet point's icon).") var size: String?

        func run() async throws {
            let png = try Data(contentsOf: URL(fileURLWithPath: file))
            try await RetentionCommand.act(
                admin, "/retention/images",
                RetentionImageRequest(
                    environment: environment, png: png.base64EncodedString(), imageSize: size, reason: action.reason,
                    idempotencyKey: action.key()))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an uploaded message or image at Apple.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions
        @Option(help: "Sandbox or Production.") var environment: String?
        @Option(help: "The upload's identifier.") var identifier: String

        func run() async throws {
            try await RetentionCommand.act(
                admin, "/retention/content/\(AdminClient.pathSegment(identifier))/delete",
                RetentionActionRequest(environment: environment, reason: action.reason, idempotencyKey: action.key()))
        }
    }

    struct Default: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "default", abstract: "Set (or without --message, delete) a product's default message in a locale.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions
        @Option(help: "Sandbox or Production.") var environment: String?
        @Option(help: "The auto-renewable subscription.") var product: String
        @Option(help: "The locale, BCP 47 (en-US).") var locale: String
        @Option(help: "An approved text message.") var message: String?

        func run() async throws {
            try await RetentionCommand.act(
                admin, "/retention/defaults",
                RetentionDefaultRequest(
                    environment: environment, productId: product, locale: locale, messageIdentifier: message, reason: action.reason,
                    idempotencyKey: action.key()))
        }
    }

    struct URLCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "url", abstract: "Set (or without --url, delete) the URL Apple calls for real-time answers.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions
        @Option(help: "Sandbox or Production.") var environment: String?
        @Option(help: "This server's https://…/v1/apps/<app>/retention.") var url: String?

        func run() async throws {
            try await RetentionCommand.act(
                admin, "/retention/realtime-url",
                RetentionURLRequest(environment: environment, realtimeURL: url, reason: action.reason, idempotencyKey: action.key()))
        }
    }

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: "Run Apple's performance test of the sandbox real-time URL.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions
        @Option(help: "A sandbox subscription's original transaction id for the test's requests.") var originalTransactionId: String

        func run() async throws {
            try await RetentionCommand.act(
                admin, "/retention/performance-test",
                RetentionActionRequest(originalTransactionId: originalTransactionId, reason: action.reason, idempotencyKey: action.key()))
        }
    }

    /// Posts an action and prints what it did.
    static func act(_ admin: AdminOptions, _ path: String, _ body: some Encodable) async throws {
        let data = try await admin.client().post(try admin.appPath(path), body)
        if admin.json { return print(AdminClient.prettyJSON(data)) }
        let answer = try JSONDecoder().decode(AdminActionResponse<RetentionActionResult>.self, from: data)
        let result = answer.result
        var table = TextTable(["ENVIRONMENT", "IDENTIFIER", "STATE", "TEST", "REPLAYED"])
        let test = result.performanceTest.map { "\($0.result ?? "?") \($0.successRate.map { "\($0)%" } ?? "") p99 \($0.p99 ?? 0) ms" }
        table.append([result.environment, result.identifier ?? "", result.state ?? "", test ?? "", answer.replayed ? "yes" : "no"])
        print(table.text, terminator: "")
    }

    static func text(_ condition: RetentionConditionBody) -> String {
        var text = condition.kind
        if let months = condition.months { text += " \(months)" }
        if let offer = condition.offerId { text += " \(offer)" }
        if let products = condition.productIds, !products.isEmpty { text += " [\(products.joined(separator: ","))]" }
        return text
    }

    static func text(_ answer: RetentionAnswerBody) -> String {
        [answer.kind, answer.messageIdentifier, answer.productId, answer.offerId].compactMap { $0 }.joined(separator: " ")
    }
}
