import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
import StorekeeperAPIModels
package import StorekeeperApplication
package import StorekeeperHTTP

/// Support's corrections of a customer's records (support role): correct an order (attach a
/// transaction, mark delivered or failed, redeliver), transfer purchases to another customer,
/// merge the customer into another. Each runs the same use case as the admin API
/// (``OperatorActions/correctOrder(_:_:_:_:)``, ``OperatorActions/transfer(_:from:_:_:)``,
/// ``OperatorActions/merge(_:_:_:_:)``) under the form's idempotency key, and answers a page
/// saying what changed.
extension ConsoleRoutes {
    @Sendable package func correctOrderAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, customerId, form) = try await customerActionCall(request, context)
        let body = try Self.actionBody(form)
        guard let raw = form.text("order"), let orderId = UUID(uuidString: raw) else {
            throw StorekeeperError.invalidRequest("choose the order to correct")
        }
        // The order must be this customer's: the form names it, the path names the customer.
        guard try await store.read({ try await $0.order(id: orderId) })?.customerId == customerId else {
            throw StorekeeperError.notFound("customer \(customerId.rawValue) has no order \(raw)")
        }
        let action = form.text("action") ?? ""
        let attach = action == "attach"
        let fields = OrderCorrectionActionRequest(
            action: action, transactionId: attach ? form.text("transactionId") : nil,
            environment: attach ? form.text("environment") : nil,
            failureCode: action == "mark_failed" ? form.text("failureCode") : nil)
        let response = try await admin.operatorActions.correctOrder(call, orderId, fields, body)
        let result = response.result
        let order = result.order
        return try actionResult(
            console, customerId, title: "Correct an order",
            done: result.changed ? "Order corrected (\(result.action))." : "Nothing to change (\(result.action)).",
            replayed: response.replayed,
            facts: [
                .init(label: "Order", value: order.id.lowercasedString),
                .init(label: "Product", value: "\(order.productId) × \(order.quantity)"),
                .init(label: "State now", value: order.state + (order.failureCode.map { " (\($0))" } ?? "")),
                .init(label: "Transaction", value: order.transactionId ?? "—"),
                .init(
                    label: "Entitlements now",
                    value: result.customer.entitlements.filter(\.isActive).map(\.id).joined(separator: ", ").orNone),
            ],
            groups: [.init("Transactions recorded now", result.recordedTransactionIds)])
    }

    @Sendable package func transferAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, customerId, form) = try await customerActionCall(request, context)
        let body = try Self.actionBody(form)
        let to = try Self.otherCustomer(form, "to", of: call.services)
        let ids = (form.text("transactionIds") ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        let response = try await admin.operatorActions.transfer(
            call, from: customerId, TransferActionRequest(to: to.rawValue, transactionIds: ids.isEmpty ? nil : ids), body)
        let result = response.result
        func line(_ item: TransferredPurchase) -> String {
            "\(item.originalTransactionId) · \(item.productId) (\(item.environment))" + (item.skipped.map { ": \($0)" } ?? "")
        }
        return try actionResult(
            console, customerId, title: "Transfer purchases", done: "Transferred \(result.moved.count) to \(to.rawValue).",
            replayed: response.replayed,
            facts: [.init(label: "From", value: result.from), .init(label: "To", value: result.to)],
            groups: [.init("Moved", result.moved.map(line)), .init("Left where they were", result.skipped.map(line))])
    }

    @Sendable package func mergeAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, customerId, form) = try await customerActionCall(request, context)
        let body = try Self.actionBody(form)
        let into = try Self.otherCustomer(form, "into", of: call.services)
        let response = try await admin.operatorActions.merge(call, customerId, MergeActionRequest(into: into.rawValue), body)
        let result = response.result
        return try actionResult(
            console, customerId, title: "Merge customers", done: "Merged \(result.from) into \(result.into).",
            replayed: response.replayed,
            facts: [
                .init(label: "Merged", value: result.from), .init(label: "Into", value: result.into),
                .init(
                    label: "Entitlements of \(result.into)",
                    value: result.customer.entitlements.filter(\.isActive).map(\.id).joined(separator: ", ").orNone),
            ])
    }

    /// The reason and idempotency key every action form carries, checked as the API checks them.
    package static func actionBody(_ form: ConsoleForm) throws -> AdminActionBody {
        AdminActionBody(reason: try AdminActionBody.reason(form["reason"] ?? ""), idempotencyKey: try idempotencyKey(form))
    }

    /// Another customer of the app a form names.
    package static func otherCustomer(_ form: ConsoleForm, _ name: String, of services: AppServices) throws -> CustomerID {
        guard let raw = form.text(name), let id = CustomerID(raw, in: services.customerSpace) else {
            throw StorekeeperError.invalidRequest("\(name): a customer id is 1–128 characters of letters, digits and ._:@-")
        }
        return id
    }
}
