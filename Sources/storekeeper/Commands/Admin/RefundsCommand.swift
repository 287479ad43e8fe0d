import ArgumentParser
import Foundation
import StorekeeperAPIModels

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
            let page = try JSONDecoder().decode(RefundsResponse.self, from: data)
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
            let page = try JSONDecoder().decode(ConsumptionRequestsResponse.self, from: data)
            print(Self.table(page.consumptionRequests), terminator: "")
            if let next = page.nextCursor { print("more: --before \(next)") }
        }

        /// `not sent: no consent`, `delivered in time`, `pending`, ...
        static func state(_ row: ConsumptionRequestBody) -> String {
            if row.status == ConsumptionRequestBody.notSent {
                return "not sent: " + (row.notSentReason == "noConsent" ? "no consent" : row.notSentReason ?? "")
            }
            if row.status == "delivered" { return row.answeredInTime == false ? "delivered late" : "delivered in time" }
            return row.status + (row.lastError.map { " (\($0.prefix(40)))" } ?? "")
        }

        /// Hours and minutes left in Apple's window, `closed` once it passed.
        static func left(_ row: ConsumptionRequestBody) -> String {
            guard let timeLeft = row.timeLeft else { return "" }
            guard timeLeft > 0 else { return "closed" }
            let minutes = timeLeft / 60_000
            return "\(minutes / 60)h \(minutes % 60)m"
        }

        static func table(_ rows: [ConsumptionRequestBody]) -> String {
            var table = TextTable(["REQUESTED", "TRANSACTION", "ENV", "CUSTOMER", "STATE", "DEADLINE", "TIME LEFT", "DELIVERED"])
            for row in rows {
                table.append([
                    CommandLineTime.text(row.requestedAt), row.transactionId, row.environment, row.customerId ?? "", state(row),
                    CommandLineTime.text(row.deadline), left(row), CommandLineTime.text(row.deliveredAt),
                ])
            }
            return table.text
        }
    }
}
