import ArgumentParser
import Foundation

/// `storekeeper refunds list|consumption`: refunds with what they clawed back, and Apple's
/// CONSUMPTION_REQUESTs with the answer sent (or why none was) and the time left in Apple's
/// 12-hour window.
struct RefundsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refunds", abstract: "Refunds and revocations, and Apple's consumption requests.",
        subcommands: [List.self, Consumption.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Refunds and revocations, newest first, with what they clawed back.")

        @OptionGroup var admin: AdminOptions

        @Option(help: "From this UTC day (YYYY-MM-DD).")
        var from: String?

        @Option(help: "Up to this UTC day (YYYY-MM-DD).")
        var to: String?

        @Option(help: "Refunds per page (1–200).")
        var limit = 50

        @Option(help: "Continue after this cursor (a previous page's next).")
        var before: String?

        func run() async throws {
            let data = try await admin.client().get(
                try admin.appPath("/refunds"), query: ["from": from, "to": to, "limit": String(limit), "before": before])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let page = try JSONDecoder().decode(Page.self, from: data)
            var table = TextTable(["REVOKED", "CUSTOMER", "PRODUCT", "TRANSACTION", "KIND", "PRICE", "CLAWED BACK", "DEBT"])
            for refund in page.refunds {
                table.append([
                    CommandLineTime.text(refund.revokedAt), refund.customerId, refund.productId, refund.transactionId, refund.kind,
                    refund.price.map { "\($0) \(refund.currency ?? "")" } ?? "",
                    refund.wallet.map { "\($0.collected) \($0.currency)" }.joined(separator: ", "),
                    refund.wallet.filter { $0.debt > 0 }.map { "\($0.debt) \($0.currency)" }.joined(separator: ", "),
                ])
            }
            print(table.text, terminator: "")
            if let next = page.nextCursor { print("more: --before \(next)") }
        }

        struct Page: Decodable {
            let refunds: [Refund]
            let nextCursor: String?
        }

        struct Refund: Decodable {
            let transactionId: String
            let customerId: String
            let productId: String
            let kind: String
            let revokedAt: Int64
            let price: Int64?
            let currency: String?
            let wallet: [Wallet]
        }

        struct Wallet: Decodable {
            let currency: String
            let collected: Int64
            let debt: Int64
        }
    }

    struct Consumption: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "consumption",
            abstract: "CONSUMPTION_REQUESTs, newest first: answered (and how the answer's sending stands) or not sent, and why.")

        @OptionGroup var admin: AdminOptions

        @Option(help: "Requests per page (1–200).")
        var limit = 50

        @Option(help: "Continue after this cursor (a previous page's next).")
        var before: String?

        func run() async throws {
            let data = try await admin.client().get(
                try admin.appPath("/consumption-requests"), query: ["limit": String(limit), "before": before])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let page = try JSONDecoder().decode(Page.self, from: data)
            print(Request.table(page.consumptionRequests), terminator: "")
            if let next = page.nextCursor { print("more: --before \(next)") }
        }

        struct Page: Decodable {
            let consumptionRequests: [Request]
            let nextCursor: String?
        }

        struct Request: Decodable {
            let environment: String
            let transactionId: String
            let customerId: String?
            let requestedAt: Int64
            let deadline: Int64?
            let status: String
            let notSentReason: String?
            let deliveredAt: Int64?
            let timeLeft: Int64?
            let answeredInTime: Bool?
            let lastError: String?

            /// `not sent: no consent`, `delivered in time`, `pending`, ...
            var state: String {
                if status == "notSent" { return "not sent: " + (notSentReason == "noConsent" ? "no consent" : notSentReason ?? "") }
                if status == "delivered" { return answeredInTime == false ? "delivered late" : "delivered in time" }
                return status + (lastError.map { " (\($0.prefix(40)))" } ?? "")
            }

            /// Hours and minutes left in Apple's window, `closed` once it passed.
            var left: String {
                guard let timeLeft else { return "" }
                guard timeLeft > 0 else { return "closed" }
                let minutes = timeLeft / 60_000
                return "\(minutes / 60)h \(minutes % 60)m"
            }

            static func table(_ rows: [Request]) -> String {
                var table = TextTable(["REQUESTED", "TRANSACTION", "ENV", "CUSTOMER", "STATE", "DEADLINE", "TIME LEFT", "DELIVERED"])
                for row in rows {
                    table.append([
                        CommandLineTime.text(row.requestedAt), row.transactionId, row.environment, row.customerId ?? "", row.state,
                        CommandLineTime.text(row.deadline), row.left, CommandLineTime.text(row.deliveredAt),
                    ])
                }
                return table.text
            }
        }
    }
}
