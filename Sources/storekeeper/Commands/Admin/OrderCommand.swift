import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper order correct <order> <action>`: support's order corrections (订单矫正, 补单).
struct OrderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order", abstract: "Orders: correct one by hand.", subcommands: [Correct.self])

    struct Correct: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "correct",
            abstract: "Attach the transaction that paid an order, mark it delivered or failed, or re-run its delivery.",
            discussion: """
                attach: --transaction-id (and --environment when the app accepts Production and Sandbox): \
                the store's record of the transaction, or Apple's, pays and delivers the order.
                mark_delivered: the customer got it another way; nothing is granted.
                mark_failed: --failure-code says why; a delivered order cannot fail.
                redeliver: run the order's delivery again; it grants only what is missing, never twice.
                """)

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: ActionOptions

        @Argument(help: "The order id.")
        var order: String

        @Argument(help: "attach, mark_delivered, mark_failed or redeliver.")
        var correction: String

        @Option(name: .customLong("transaction-id"), help: "attach: the transaction that paid the order.")
        var transactionId: String?

        @Option(help: "attach: Production or Sandbox.")
        var environment: String?

        @Option(name: .customLong("failure-code"), help: "mark_failed: why (letters, digits and ._-).")
        var failureCode: String?

        func validate() throws {
            guard ["attach", "mark_delivered", "mark_failed", "redeliver"].contains(correction) else {
                throw ValidationError("the correction must be attach, mark_delivered, mark_failed or redeliver")
            }
            if correction == "attach", transactionId == nil { throw ValidationError("attach needs --transaction-id") }
            if correction == "mark_failed", failureCode == nil { throw ValidationError("mark_failed needs --failure-code") }
        }

        func run() async throws {
            let fields = OrderCorrectionActionRequest(
                action: correction, transactionId: transactionId, environment: environment, failureCode: failureCode)
            try await ActionRunner.run(
                admin, action, path: "/orders/\(AdminClient.pathSegment(order))/correct", fields: fields,
                result: OrderCorrectionResponse.self
            ) { result in
                var table = TextTable(["ORDER", "CUSTOMER", "PRODUCT", "STATE", "TRANSACTION", "FAILURE", "CHANGED"])
                let order = result.order
                table.append([
                    order.id.uuidString, order.customerId, order.productId, order.state, order.transactionId ?? "", order.failureCode ?? "",
                    result.changed ? "yes" : "no (already so)",
                ])
                let balances = result.customer.balances.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                return table.text + "\n" + ActionRunner.entitlements(result.customer.entitlements)
                    + (balances.isEmpty ? "" : "\nbalances: " + balances.joined(separator: ", ") + "\n")
            }
        }
    }
}
