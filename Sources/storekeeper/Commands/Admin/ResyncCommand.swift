import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper resync`: asks Apple for a customer's Transaction History and subscription
/// statuses, applies them, and prints what changed.
struct ResyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resync", abstract: "Resync a customer from Apple and show what changed.")

    @OptionGroup var admin: AdminOptions
    @OptionGroup var action: AppleActionOptions

    @Option(help: "The customer id.")
    var customer: String

    func run() async throws {
        let client = try admin.client()
        let data = try await client.post(
            try admin.appPath("/customers/\(AdminClient.pathSegment(customer))/resync"),
            ["reason": action.reason, "idempotencyKey": action.key()])
        if admin.json { return print(AdminClient.prettyJSON(data)) }
        let answer = try JSONDecoder().decode(AdminActionResponse<ResyncResult>.self, from: data)
        let result = answer.result
        print("asked Apple about \(result.originalTransactionIds.count) purchase(s)\(answer.replayed ? " (replayed answer)" : "")")
        if result.newTransactions.isEmpty {
            print("no new transactions")
        } else {
            var table = TextTable(["NEW TRANSACTION", "ORIGINAL", "PRODUCT", "ENV", "PURCHASED"])
            for transaction in result.newTransactions {
                table.append([
                    transaction.transactionId, transaction.originalTransactionId, transaction.productId, transaction.environment,
                    CommandLineTime.text(transaction.purchaseDate),
                ])
            }
            print(table.text, terminator: "")
        }
        if result.changedSubscriptions.isEmpty {
            print("no subscription changed")
        } else {
            var table = TextTable(["SUBSCRIPTION", "PHASE BEFORE", "PHASE AFTER", "EXPIRED BEFORE", "EXPIRES AFTER"])
            for change in result.changedSubscriptions {
                table.append([
                    change.originalTransactionId, change.before?.phase ?? "-", change.after?.phase ?? "-",
                    CommandLineTime.text(change.before?.expiresAt), CommandLineTime.text(change.after?.expiresAt),
                ])
            }
            print(table.text, terminator: "")
        }
        print("entitlements: \(result.entitlementsBefore.joined(separator: ",")) -> \(result.entitlementsAfter.joined(separator: ","))")
    }
}
