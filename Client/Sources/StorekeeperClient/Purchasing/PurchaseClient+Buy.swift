import Foundation
import StorekeeperAPIModels

extension PurchaseClient {
    /// The whole purchase: creates the order at Storekeeper, buys through StoreKit with the
    /// order's `appAccountToken`, queues the proof on disk, submits it, and finishes the
    /// transaction once Storekeeper verifiably acknowledged it.
    ///
    /// Throws when no payment happened (the order could not be created or its answer did not
    /// verify, StoreKit failed the purchase). Once Apple took the payment it does not throw: the
    /// outcome says whether Storekeeper has the proof yet.
    ///
    /// `billingPlan` chooses how a one-year subscription offering both plans is billed
    /// (`.monthly`: monthly under a 12-month commitment); nil leaves StoreKit's default.
    public func buy(_ productId: String, quantity: Int = 1, billingPlan: StoreBillingPlan? = nil) async throws -> PurchaseOutcome {
        let created = try await connection.verifiedCall(
            "POST", "/orders",
            body: CreateOrderRequest(customerId: configuration.customerId, productId: productId, quantity: quantity),
            as: OrderResponse.self)
        let order = created.order
        if created.status == "paymentInProgress" { return .paymentInProgress(order) }
        // Pending while the payment sheet is up: a second order for the product meanwhile is
        // answered "payment in progress" instead of charging twice.
        let sheet = try await move(order, to: "pending")
        purchasing = sheet
        defer { purchasing = nil }
        let result: StorePurchaseResult
        do {
            result = try await storeKit.purchase(
                productId, appAccountToken: order.appAccountToken, quantity: quantity, billingPlan: billingPlan)
        } catch let error as CancellationError {
            // The outcome is unknown: whatever Apple did reaches the app as an unfinished
            // transaction, and the order stays open for it.
            throw error
        } catch {
            // No payment was taken: the order is closed so that a retry is not "in progress".
            _ = try? await move(order, to: "cancel")
            throw StorekeeperClientError(code: .purchaseFailed, reason: "StoreKit failed the purchase: \(error)")
        }
        switch result {
        case .purchased(let transaction):
            try await queue.add(QueuedProof(transaction: transaction, orderId: order.id, queuedAt: configuration.now()))
            let outcome = await submit(transaction.id)
            scheduleDrainIfNeeded()
            return outcome
        case .pending:
            return .pending(sheet)
        case .userCancelled:
            return .cancelled(try await move(order, to: "cancel"))
        }
    }

    /// `POST /orders/{id}/pending` or `/cancel`: the order as Storekeeper has it then, or as it
    /// was when the answer does not verify (its state is then not known to the app).
    private func move(_ order: OrderBody, to route: String) async throws -> OrderBody {
        let answer = try await connection.call(
            "POST", "/orders/" + order.id.uuidString.lowercased() + "/" + route, body: StorekeeperConnection.Empty(),
            as: OrderResponse.self)
        return answer.verification.isVerified ? answer.value.order : order
    }
}
