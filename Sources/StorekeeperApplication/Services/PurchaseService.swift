package import AppStoreModels
import AppStoreVerification
public import Foundation
public import Storekeeper
package import StorekeeperStore

/// The purchase path: a client hands over proof of a purchase, Storekeeper verifies it, matches
/// it to the order, grants exactly once, and answers with the customer's state.
public struct PurchaseService: Sendable {
    package let store: any PurchaseStore
    package let runtime: AppRuntime
    package let applier: FactApplier
    package let metrics: StorekeeperMetrics
    package let now: any WallClock

    package init(
        store: any PurchaseStore, runtime: AppRuntime, applier: FactApplier, metrics: StorekeeperMetrics, now: any WallClock
    ) {
        self.store = store
        self.runtime = runtime
        self.applier = applier
        self.metrics = metrics
        self.now = now
    }

    /// What the client presents.
    public enum Proof: Sendable, Hashable {
        /// A StoreKit 2 signed transaction (JWS).
        case signedTransaction(String)
        /// A base64 app receipt (StoreKit 1, `appStoreReceiptURL`).
        case appReceipt(String)
        /// A base64 iOS 6-style transaction receipt (`transactionReceipt`).
        case transactionReceipt(String)
    }

    public struct Submission: Sendable {
        /// `recorded` when something new was granted, `replayed` when everything was known.
        public var status: String
        public var customer: CustomerView
        public var order: Order?
        /// Transactions recorded by this submission.
        public var transactionIds: [String]
    }

    /// Verifies `proof` and applies it for `customerId`.
    public func submit(customerId: CustomerID, proof: Proof, orderId: UUID?, actor: AuditActor) async throws -> Submission {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let submission = try await submitVerified(customerId: customerId, proof: proof, orderId: orderId, actor: actor)
            metrics.purchaseSubmitted(outcome: submission.status, duration: clock.now - started)
            return submission
        } catch let error as StorekeeperError {
            metrics.purchaseSubmitted(outcome: error.verificationCode ?? error.code.rawValue, duration: clock.now - started)
            throw error
        } catch {
            metrics.purchaseSubmitted(outcome: "error", duration: clock.now - started)
            throw error
        }
    }

    private func submitVerified(customerId: CustomerID, proof: Proof, orderId: UUID?, actor: AuditActor) async throws -> Submission {
        let verified = try await runtime.verify(proof)
        let now = now()
        let fact = verified.factReference
        let result = try await store.write { tx in
            let outcome = try await applier.applyPresented(
                verified.transactions, renewals: verified.renewals, by: customerId, orderId: orderId, actor: actor,
                fact: fact, now: now, in: tx)
            let order = try await paidOrder(
                orderId: orderId, customerId: customerId, outcome: outcome, presented: verified.transactions, in: tx)
            let view = try await CustomerService.view(customerId, now: now, in: tx)
            return (outcome, order, view)
        }
        let (outcome, order, view) = result
        // What committed counts, even when the submission is then refused.
        metrics.applied(outcome, at: now)
        if let owner = outcome.refusedOwner {
            throw StorekeeperError(
                .ownedByAnotherCustomer, "this Apple account's purchase belongs to another customer",
                kind: .conflict, cause: "owner \(owner.rawValue)")
        }
        let status: String
        if !outcome.recorded.isEmpty {
            status = "recorded"
        } else if !outcome.keptByOther.isEmpty {
            status = "ownedByAnotherCustomer"
        } else {
            status = "replayed"
        }
        return Submission(
            status: status, customer: view, order: order, transactionIds: outcome.recorded.map(\.transactionId))
    }

    /// The order the submission paid, as the response shows it: the one the client named (only
    /// its own), else the one delivered now, else — when the App Store's notification delivered
    /// it first — the order the presented transaction paid.
    private func paidOrder(
        orderId: UUID?, customerId: CustomerID, outcome: FactApplier.Outcome, presented: [AppleTransaction],
        in tx: any OrderStoreReader & TransactionStoreReader
    ) async throws -> Order? {
        if let orderId {
            guard let order = try await tx.order(id: orderId), order.customerId == customerId else { return nil }
            return order
        }
        if let delivered = outcome.deliveredOrders.first { return delivered }
        guard presented.count == 1, let only = presented.first,
            let stored = try await tx.transaction(environment: only.environment, transactionId: only.transactionId),
            stored.customerId == customerId, let paid = stored.orderId
        else { return nil }
        return try await tx.order(id: paid)
    }
}
