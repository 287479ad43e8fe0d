import ArgumentParser
import Foundation
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// `storekeeper customer find|show|timeline`: find a customer by any identifier and read their
/// record and timeline through a running server's admin API (viewer role).
struct CustomerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customer", abstract: "Find a customer and read their record and timeline (admin API, viewer role).",
        subcommands: [Find.self, Show.self, Timeline.self])

    struct Find: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find", abstract: "Find the customers an identifier leads to.",
            discussion: """
                Any of: a customer or guest ID, an order ID (= appAccountToken), a transactionId, originalTransactionId, \
                webOrderLineItemId or appTransactionId (every customer of that Apple account), or the order ID of Apple's emailed invoice (asked through Look Up Order ID when \
                the app has a Server API key). An invoice's purchase Storekeeper never recorded leads to the order its \
                appAccountToken names; the output prints the `order correct ... attach` that applies it.
                """)

        @OptionGroup var admin: AdminOptions

        @Argument(help: "The identifier.")
        var identifier: String

        func run() async throws {
            let data = try await admin.client().get(try admin.appPath("/search"), query: ["q": identifier])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            print(CustomerTables.search(try JSONDecoder().decode(AdminSearchResponse.self, from: data)), terminator: "")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "A customer's record: entitlements, subscriptions, wallet, orders, purchases, aliases, Apple accounts.")

        @OptionGroup var admin: AdminOptions

        @Argument(help: "The customer ID.")
        var customer: String

        func run() async throws {
            let path = try admin.appPath("/customers/" + AdminClient.pathSegment(customer))
            let data = try await admin.client().get(path)
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            print(CustomerTables.record(try JSONDecoder().decode(AdminCustomerRecord.self, from: data)), terminator: "")
        }
    }

    struct Timeline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeline",
            abstract: "A customer's timeline, newest first: Apple's facts, Storekeeper's changes, operators' actions.")

        @OptionGroup var admin: AdminOptions

        @Argument(help: "The customer ID.")
        var customer: String

        @Option(help: "Only these kinds, comma-separated: notification, transaction, renewalInfo, change, operator.")
        var kind: String?

        @Option(help: "Entries per page (1–200).")
        var limit: Int?

        @Option(help: "Continue after a page: its next cursor (printed below a full page).")
        var before: String?

        @Flag(
            help:
                "With --json: each entry carries `raw`, the signed data Storekeeper holds for it (a notification's body as received; a transaction's or renewal info's JWS when a stored notification carried it)."
        )
        var raw = false

        func validate() throws {
            if raw && !admin.json { throw ValidationError("--raw adds the signed data to the JSON: add --json") }
        }

        func run() async throws {
            let path = try admin.appPath("/customers/" + AdminClient.pathSegment(customer) + "/timeline")
            let data = try await admin.client().get(
                path, query: ["kind": kind, "limit": limit.map(String.init), "before": before, "raw": raw ? "true" : nil])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            print(CustomerTables.timeline(try JSONDecoder().decode(AdminTimelinePage.self, from: data)), terminator: "")
        }
    }
}
