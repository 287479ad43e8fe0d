import ArgumentParser
import Foundation

/// `storekeeper extend` (one subscription), `extend mass` (every active subscriber of a
/// product, after an outage) and `extend status` (Apple's progress of a mass extension).
struct ExtendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extend", abstract: "Extend subscription renewal dates through Apple (up to 90 days, twice a year).",
        subcommands: [One.self, Mass.self, Status.self], defaultSubcommand: One.self)

    /// Apple's reason codes.
    static let reasonCodeHelp = "0 undeclared, 1 customer satisfaction, 2 other, 3 service issue or outage"

    struct One: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "one", abstract: "Extend one customer's subscription (the default of `extend`).")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions

        @Option(help: "The customer id.")
        var customer: String

        @Option(help: "The subscription's original transaction id.")
        var originalTransactionId: String

        @Option(help: "Days to extend by (1–90).")
        var days: Int

        @Option(help: ArgumentHelp("Apple's reason code: \(ExtendCommand.reasonCodeHelp)."))
        var reasonCode: Int

        func run() async throws {
            let client = try admin.client()
            let path = try admin.appPath("/customers/\(AdminClient.pathSegment(customer))/extend")
            let data = try await client.post(
                path,
                [
                    "originalTransactionId": .string(originalTransactionId), "days": .number(days), "reasonCode": .number(reasonCode),
                    "reason": .string(action.reason), "idempotencyKey": .string(action.key()),
                ] as [String: CommandJSON])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let answer = try JSONDecoder().decode(AdminActionAnswer<Extended>.self, from: data)
            let result = answer.result
            var table = TextTable(["SUBSCRIPTION", "EXTENDED", "NEW RENEWAL DATE", "PHASE", "REQUEST", "REPLAYED"])
            table.append([
                result.originalTransactionId, result.success ? "\(result.days) days" : "no", CommandLineTime.text(result.effectiveDate),
                result.subscription?.phase ?? "", result.requestIdentifier, answer.replayed ? "yes" : "no",
            ])
            print(table.text, terminator: "")
        }

        struct Extended: Decodable {
            struct Subscription: Decodable { let phase: String }
            let originalTransactionId: String
            let requestIdentifier: String
            let days: Int
            let success: Bool
            let effectiveDate: Int64?
            let subscription: Subscription?
        }
    }

    struct Mass: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mass", abstract: "Extend every active subscriber of a product (an outage's compensation).")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions

        @Option(help: "The auto-renewable subscription's product id.")
        var product: String

        @Option(help: "Days to extend by (1–90).")
        var days: Int

        @Option(help: ArgumentHelp("Apple's reason code: \(ExtendCommand.reasonCodeHelp)."))
        var reasonCode: Int

        @Option(name: .customLong("storefront"), help: "Limit to a storefront (ISO 3166-1 alpha-3, repeat for several).")
        var storefronts: [String] = []

        @Option(help: "Sandbox or Production (default: Production when the app serves it).")
        var environment: String?

        func run() async throws {
            let client = try admin.client()
            var body: [String: CommandJSON] = [
                "productId": .string(product), "days": .number(days), "reasonCode": .number(reasonCode),
                "reason": .string(action.reason), "idempotencyKey": .string(action.key()),
            ]
            if !storefronts.isEmpty { body["storefronts"] = .strings(storefronts) }
            if let environment { body["environment"] = .string(environment) }
            let data = try await client.post(try admin.appPath("/extensions"), body)
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let answer = try JSONDecoder().decode(AdminActionAnswer<MassExtension>.self, from: data)
            print(MassExtension.table([answer.result]), terminator: "")
            print("check progress: storekeeper extend status \(answer.result.requestIdentifier)")
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Apple's status of a mass extension.")

        @OptionGroup var admin: AdminOptions

        @Argument(help: "The mass extension's request identifier.")
        var requestIdentifier: String

        func run() async throws {
            let client = try admin.client()
            let data = try await client.get(try admin.appPath("/extensions/\(AdminClient.pathSegment(requestIdentifier))"))
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            print(MassExtension.table([try JSONDecoder().decode(MassExtension.self, from: data)]), terminator: "")
        }
    }

    struct MassExtension: Decodable {
        let requestIdentifier: String
        let productId: String
        let environment: String
        let days: Int
        let storefronts: [String]?
        let requestedBy: String
        let complete: Bool?
        let succeededCount: Int64?
        let failedCount: Int64?

        static func table(_ rows: [MassExtension]) -> String {
            var table = TextTable(["REQUEST", "PRODUCT", "ENV", "DAYS", "STOREFRONTS", "BY", "COMPLETE", "SUCCEEDED", "FAILED"])
            for row in rows {
                table.append([
                    row.requestIdentifier, row.productId, row.environment, String(row.days),
                    row.storefronts?.joined(separator: ",") ?? "all", row.requestedBy,
                    row.complete.map { $0 ? "yes" : "in progress" } ?? "requested", row.succeededCount.map(String.init) ?? "",
                    row.failedCount.map(String.init) ?? "",
                ])
            }
            return table.text
        }
    }
}

/// A JSON value of a request body the commands build.
enum CommandJSON: Encodable {
    case string(String)
    case number(Int)
    case strings([String])
    case bool(Bool)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .strings(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }
}
