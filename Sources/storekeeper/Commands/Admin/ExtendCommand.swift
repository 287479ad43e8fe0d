import ArgumentParser
import Foundation
import StorekeeperAPIModels

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
                ExtendRequest(
                    originalTransactionId: originalTransactionId, days: days, reasonCode: reasonCode, reason: action.reason,
                    idempotencyKey: action.key()))
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let answer = try JSONDecoder().decode(AdminActionResponse<ExtendResult>.self, from: data)
            let result = answer.result
            var table = TextTable(["SUBSCRIPTION", "EXTENDED", "NEW RENEWAL DATE", "PHASE", "REQUEST", "REPLAYED"])
            table.append([
                result.originalTransactionId, result.success ? "\(result.days) days" : "no", CommandLineTime.text(result.effectiveDate),
                result.subscription?.phase ?? "", result.requestIdentifier, answer.replayed ? "yes" : "no",
            ])
            print(table.text, terminator: "")
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
            let body = MassExtendRequest(
                productId: product, days: days, reasonCode: reasonCode, storefronts: storefronts.isEmpty ? nil : storefronts,
                environment: environment, reason: action.reason, idempotencyKey: action.key())
            let data = try await client.post(try admin.appPath("/extensions"), body)
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let answer = try JSONDecoder().decode(AdminActionResponse<MassExtensionBody>.self, from: data)
            print(ExtendCommand.table([answer.result]), terminator: "")
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
            print(ExtendCommand.table([try JSONDecoder().decode(MassExtensionBody.self, from: data)]), terminator: "")
        }
    }

    /// Mass extensions as a table.
    static func table(_ rows: [MassExtensionBody]) -> String {
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
