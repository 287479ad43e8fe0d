import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper adjust <customer> <currency> --amount <signed> --reason ...`: a balanced journal
/// entry against the adjustment account (compensating a refund of spent currency, a goodwill
/// credit, taking back a mistaken one).
struct AdjustCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adjust", abstract: "Adjust a customer's wallet balance (positive credits, negative debits).")

    @OptionGroup var admin: AdminOptions
    @OptionGroup var action: ActionOptions

    @Argument(help: "The customer id.")
    var customer: String

    @Argument(help: "The currency (e.g. gems).")
    var currency: String

    @Option(parsing: .unconditional, help: "The signed amount, not zero (e.g. 80 or -20).")
    var amount: Int64

    func validate() throws {
        guard amount != 0 else { throw ValidationError("--amount must not be zero") }
    }

    func run() async throws {
        try await ActionRunner.run(
            admin, action, path: "/customers/\(AdminClient.pathSegment(customer))/wallet/adjust",
            fields: WalletAdjustActionRequest(currency: currency, amount: amount), result: WalletAdjustResponse.self
        ) { result in
            var table = TextTable(["CUSTOMER", "CURRENCY", "AMOUNT", "BALANCE", "ENTRY"])
            table.append([result.customerId, result.currency, String(result.amount), String(result.balance), result.entry.key])
            return table.text
        }
    }
}
