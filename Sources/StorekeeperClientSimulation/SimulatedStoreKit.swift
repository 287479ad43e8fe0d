import AppStoreModels
import AppStoreSimulator
public import Foundation
public import StorekeeperClient
import Synchronization

/// One device running the app, signed in to a ``SimulatedAppleAccount``: ``StoreKitInterface``
/// driven by Storekeeper's App Store simulator. Purchases are real simulator purchases (signed
/// transactions, notifications to Storekeeper); what the next purchase does (`nextPurchases`)
/// stands for the customer's and Apple's choices: Ask to Buy, a cancel, a failed payment, or the
/// app killed after the payment. Every StoreKit call it serves is written to the account's log.
public final class SimulatedStoreKit: StoreKitInterface, Sendable {
    /// What happens at the next purchase.
    public enum Behavior: Sendable, Hashable {
        /// The App Store charges and hands the transaction to the app.
        case buy
        /// Ask to Buy: pending until ``SimulatedAppleAccount/approveAll()``.
        case askToBuy
        case cancel
        /// The payment fails (`purchase` throws).
        case fail
        /// The App Store charges, then the app is killed before it sees the result: `purchase`
        /// never returns until its task is cancelled (then it throws `CancellationError`).
        case killAfterPayment
    }

    public struct PaymentFailed: Error, Sendable, Hashable {}

    public let account: SimulatedAppleAccount
    public let name: String
    private let behaviors = Mutex<[Behavior]>([])

    public init(account: SimulatedAppleAccount, name: String = "device") {
        self.account = account
        self.name = name
    }

    /// Queues what the next purchases do (afterwards: `.buy`).
    public func nextPurchases(_ behaviors: Behavior...) {
        self.behaviors.withLock { $0.append(contentsOf: behaviors) }
    }

    public func products(_ ids: [String]) async throws -> [StoreProduct] {
        let products = account.simulator.snapshot().apps[account.bundleId]?.products ?? [:]
        return ids.compactMap { id in
            products[id].map { product in
                // Milliunits: 4990 is $4.99.
                let milliunits = product.prices["USA"] ?? 0
                let cents = milliunits % 1000 / 10
                return StoreProduct(id: id, displayName: id, displayPrice: "$\(milliunits / 1000).\(cents < 10 ? "0" : "")\(cents)")
            }
        }
    }

    public func purchase(
        _ productId: String, appAccountToken: UUID, quantity: Int, billingPlan: StoreBillingPlan?
    ) async throws -> StorePurchaseResult {
        account.log.append(.purchase(device: name, productId: productId, appAccountToken: appAccountToken))
        let behavior = behaviors.withLock { $0.isEmpty ? Behavior.buy : $0.removeFirst() }
        switch behavior {
        case .askToBuy:
            account.requestApproval(
                .init(productId: productId, appAccountToken: appAccountToken, quantity: quantity, billingPlan: billingPlan))
            return .pending
        case .cancel:
            return .userCancelled
        case .fail:
            throw PaymentFailed()
        case .buy, .killAfterPayment:
            let result = try await account.simulator.purchase(
                PurchaseRequest(
                    accountId: account.accountId, bundleId: account.bundleId, productId: productId,
                    quantity: quantity > 1 ? Int32(quantity) : nil, appAccountToken: appAccountToken,
                    billingPlanType: billingPlan.map(\.billingPlanType)))
            let transactionId = result.transaction.transactionId ?? ""
            account.log.append(.paid(device: name, transactionId: transactionId))
            if behavior == .killAfterPayment { try await Self.neverReturn() }
            account.markDelivered(transactionId)
            return .purchased(
                StoreTransaction(
                    id: transactionId, originalId: result.transaction.originalTransactionId ?? transactionId, productId: productId,
                    appAccountToken: result.transaction.appAccountToken, signedTransaction: result.signedTransaction))
        }
    }

    /// The app is gone: nothing reaches it until its next launch.
    private static func neverReturn() async throws -> Never {
        while true { try await Task.sleep(for: .seconds(3600)) }
    }

    public func updates() -> AsyncStream<StoreTransaction> { account.listen() }

    public func unfinished() async -> [StoreTransaction] { account.unfinished() }

    public func currentEntitlements() async -> [StoreTransaction] { account.currentEntitlements() }

    public func sync() async throws { account.log.append(.sync(device: name)) }

    public func finish(_ transactionId: String) async {
        account.log.append(.finish(device: name, transactionId: transactionId))
        account.finish(transactionId)
    }
}

extension StoreBillingPlan {
    /// The transaction's `billingPlanType` the App Store signs for the plan chosen.
    var billingPlanType: BillingPlanType { self == .monthly ? .monthly : .billedUpfront }
}
