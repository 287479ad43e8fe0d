import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// Support's actions on a customer that go through Apple (support role): extend a subscription's
/// renewal date, and resync the customer from Apple. Each runs the same use case as the admin
/// API (``OperatorActions/extend(_:_:_:)``, ``OperatorActions/resync(_:_:_:)``) under the form's idempotency key,
/// so Apple is asked once however often the form is posted, and answers a page with Apple's
/// answer and what changed.
extension ConsoleRoutes {
    @Sendable package func extendAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, customerId, form) = try await customerActionCall(request, context)
        guard let original = form.text("originalTransactionId") else {
            throw StorekeeperError.invalidRequest("choose the subscription to extend")
        }
        guard let days = form.text("days").flatMap({ Int($0) }) else {
            throw StorekeeperError.invalidRequest("days must be a whole number from 1 to 90")
        }
        guard let reasonCode = form.text("reasonCode").flatMap({ Int($0) }) else {
            throw StorekeeperError.invalidRequest("choose Apple's reason code")
        }
        let body = ExtendRequest(
            originalTransactionId: original, days: days, reasonCode: reasonCode, reason: form["reason"] ?? "",
            idempotencyKey: try Self.idempotencyKey(form))
        let response = try await admin.operatorActions.extend(call, customerId, body)
        let result = response.result
        var facts: [ConsoleActionResult.Fact] = [
            .init(label: "Subscription", value: "\(result.originalTransactionId) (\(result.environment))"),
            .init(label: "Days", value: String(result.days)),
            .init(label: "Apple's reason code", value: String(result.reasonCode)),
            .init(label: "Apple's answer", value: result.success ? "✓ extended" : "✗ not extended"),
            .init(label: "Effective", value: ConsoleFormat.time(milliseconds: result.effectiveDate)),
            .init(label: "Request identifier", value: result.requestIdentifier),
        ]
        if let subscription = result.subscription {
            facts.append(
                .init(label: "Now", value: "\(subscription.phase), until \(ConsoleFormat.time(milliseconds: subscription.expiresAt))"))
        }
        return try actionResult(
            console, customerId, title: "Extend a subscription",
            done: result.success ? "Extended at Apple." : "Apple did not extend it.", replayed: response.replayed, facts: facts)
    }

    @Sendable package func resyncAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, customerId, form) = try await customerActionCall(request, context)
        let body = AdminActionBody(reason: try AdminActionBody.reason(form["reason"] ?? ""), idempotencyKey: try Self.idempotencyKey(form))
        let response = try await admin.operatorActions.resync(call, customerId, body)
        let result = response.result
        func snapshot(_ value: SubscriptionSnapshot?) -> String {
            value.map { "\($0.phase) until \(ConsoleFormat.time(milliseconds: $0.expiresAt))" } ?? "none"
        }
        let gained = Set(result.entitlementsAfter).subtracting(result.entitlementsBefore).sorted()
        let lost = Set(result.entitlementsBefore).subtracting(result.entitlementsAfter).sorted()
        return try actionResult(
            console, customerId, title: "Resync from Apple", done: "Resynced from Apple.", replayed: response.replayed,
            facts: [
                .init(label: "Original transactions asked about", value: String(result.originalTransactionIds.count)),
                .init(label: "Entitlements before", value: result.entitlementsBefore.joined(separator: ", ").orNone),
                .init(label: "Entitlements after", value: result.entitlementsAfter.joined(separator: ", ").orNone),
            ],
            groups: [
                .init(
                    "New transactions",
                    result.newTransactions.map { "\($0.transactionId) · \($0.productId) (\($0.environment))" }),
                .init(
                    "Changed subscriptions",
                    result.changedSubscriptions.map {
                        "\($0.originalTransactionId): \(snapshot($0.before)) → \(snapshot($0.after))"
                    }),
                .init("Entitlements gained", gained), .init("Entitlements lost", lost),
            ])
    }

    /// An action's result page, with the way back to the customer.
    package func actionResult(
        _ call: AppCall, _ customerId: CustomerID, title: String, done: String, replayed: Bool, facts: [ConsoleActionResult.Fact],
        groups: [ConsoleActionResult.Group] = []
    ) throws -> Response {
        let result = ConsoleActionResult(
            title: title, done: done, replayed: replayed, facts: facts, groups: groups,
            backHref: ConsolePaths.customer(call.appId, customerId.rawValue), backLabel: "← Back to customer \(customerId.rawValue)")
        return try templates.page("action-result", result, frame: frame("\(title) · \(call.appId)", call, .search))
    }
}

extension String {
    /// The text, or "none" when it is empty.
    package var orNone: String { isEmpty ? "none" : self }
}
