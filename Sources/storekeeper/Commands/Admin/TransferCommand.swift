import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper transfer <customer> --to <customer>`: moves purchases to another customer under
/// the app's transfer policy, or with `--merge` merges the whole customer into the other.
struct TransferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer",
        abstract: "Transfer a customer's purchases to another customer (all, or --transaction-id ones), or --merge the customer into it.")

    @OptionGroup var admin: AdminOptions
    @OptionGroup var action: ActionOptions

    @Argument(help: "The customer the purchases leave.")
    var customer: String

    @Option(help: "The customer they go to.")
    var to: String

    @Option(name: .customLong("transaction-id"), help: "Only this purchase's transaction (repeat for several).")
    var transactionIds: [String] = []

    @Flag(help: "Merge the whole customer (purchases, balances, open orders) into --to, as an alias.")
    var merge = false

    func validate() throws {
        if merge, !transactionIds.isEmpty { throw ValidationError("--merge moves everything: give no --transaction-id") }
    }

    func run() async throws {
        let path = "/customers/\(AdminClient.pathSegment(customer))"
        if merge {
            try await ActionRunner.run(
                admin, action, path: path + "/merge", fields: MergeActionRequest(into: to), result: MergeResponse.self
            ) { result in
                "merged \(result.from) into \(result.into)\n\n" + ActionRunner.entitlements(result.customer.entitlements)
            }
            return
        }
        let fields = TransferActionRequest(to: to, transactionIds: transactionIds.isEmpty ? nil : transactionIds)
        try await ActionRunner.run(admin, action, path: path + "/transfer", fields: fields, result: TransferResponse.self) { result in
            var table = TextTable(["PURCHASE", "PRODUCT", "MOVED"])
            for purchase in result.moved {
                table.append(["\(purchase.environment):\(purchase.originalTransactionId)", purchase.productId, "yes"])
            }
            for purchase in result.skipped {
                table.append([
                    "\(purchase.environment):\(purchase.originalTransactionId)", purchase.productId, "no: \(purchase.skipped ?? "")",
                ])
            }
            return "\(result.from) → \(result.to)\n" + table.text
        }
    }
}
