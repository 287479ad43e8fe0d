import AppStoreModels
import Foundation
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperHTTP

/// The search page's account of an invoice: Apple's lines, which of them Storekeeper recorded,
/// and for a purchase it never recorded (its notification and the app's submission both lost,
/// `seeds/000_*`, `seeds/004_*`) the order its `appAccountToken` names, with a form that applies
/// the purchase to that order through the order correction support already has (attach).
extension ConsoleRoutes {
    package struct InvoiceSection {
        package let orderId: String
        package let status: String
        package let error: String?
        package let lines: [InvoiceLine]
        package let hasLines: Bool
        package let hasUnrecorded: Bool
    }

    package struct InvoiceLine {
        package let transactionId: String
        package let productId: String
        package let environment: String
        package let purchased: String
        package let revoked: String?
        /// "recorded for …", or "paid at Apple, not recorded here".
        package let standing: String
        package let recorded: Bool
        package let order: String?
        package let orderState: String?
        package let customerHref: String?
        package let apply: ApplyForm?
    }

    /// Attach the transaction to the order: the customer page's correction, filled in.
    package struct ApplyForm {
        package let href: String
        package let csrf: String
        package let idempotencyKey: String
        package let order: String
        package let transactionId: String
        package let environment: String
    }

    package static func invoiceSection(_ invoice: AdminInvoiceLookup, call: AppCall) -> InvoiceSection {
        let mayAct = call.account.may(.support, app: call.appId)
        let lines = invoice.transactions.map { line -> InvoiceLine in
            let owner = line.customerId ?? line.order?.customerId
            let apply: ApplyForm? =
                if !line.recorded, mayAct, let order = line.order {
                    ApplyForm(
                        href: ConsolePaths.customer(call.appId, order.customerId) + "/orders/correct",
                        csrf: call.signedIn.session.csrfToken, idempotencyKey: ConsoleSessions.randomToken(),
                        order: order.id.lowercasedString, transactionId: line.transactionId,
                        environment: line.environment)
                } else {
                    nil
                }
            return InvoiceLine(
                transactionId: line.transactionId, productId: line.productId, environment: line.environment,
                purchased: ConsoleFormat.time(milliseconds: line.purchaseDate),
                revoked: line.revocationDate.map { ConsoleFormat.time(milliseconds: $0) },
                standing: line.recorded
                    ? "recorded" + (line.customerId.map { " for \($0)" } ?? "")
                    : "paid at Apple, not recorded here",
                recorded: line.recorded,
                order: line.order.map { "\($0.id.lowercasedString) (\($0.productId) × \($0.quantity))" },
                orderState: line.order?.state,
                customerHref: owner.map { ConsolePaths.customer(call.appId, $0) }, apply: apply)
        }
        return InvoiceSection(
            orderId: invoice.orderId, status: invoice.status.rawValue, error: invoice.error, lines: lines,
            hasLines: !lines.isEmpty, hasUnrecorded: lines.contains { !$0.recorded })
    }
}
