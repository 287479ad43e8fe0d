public import Foundation
import StoreKit
public import StorekeeperClient

/// ``StoreKitInterface`` over StoreKit 2: a thin translation, with no logic of its own.
public struct StoreKit2Store: StoreKitInterface {
    public init() {}

    public func products(_ ids: [String]) async throws -> [StoreProduct] {
        try await Product.products(for: ids).map {
            StoreProduct(id: $0.id, displayName: $0.displayName, displayPrice: $0.displayPrice)
        }
    }

    public func purchase(
        _ productId: String, appAccountToken: UUID, quantity: Int, billingPlan: StoreBillingPlan?
    ) async throws -> StorePurchaseResult {
        guard let product = try await Product.products(for: [productId]).first else {
            throw StorekeeperClientError(code: .purchaseFailed, reason: "the App Store does not sell \(productId)")
        }
        var options: Set<Product.PurchaseOption> = [.appAccountToken(appAccountToken)]
        if quantity > 1 { options.insert(.quantity(quantity)) }
        if let billingPlan {
            guard #available(iOS 26.4, macOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else {
                throw StorekeeperClientError(code: .purchaseFailed, reason: "billing plans need iOS 26.4 or later")
            }
            options.insert(.billingPlanType(billingPlan == .monthly ? .monthly : .upFront))
        }
        switch try await product.purchase(options: options) {
        case .success(let result): return .purchased(Self.transaction(result))
        case .pending: return .pending
        case .userCancelled: return .userCancelled
        @unknown default:
            throw StorekeeperClientError(code: .purchaseFailed, reason: "StoreKit answered an unknown purchase result")
        }
    }

    public func updates() -> AsyncStream<StoreTransaction> {
        AsyncStream { continuation in
            let task = Task {
                for await result in Transaction.updates { continuation.yield(Self.transaction(result)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func unfinished() async -> [StoreTransaction] {
        await Self.collect(Transaction.unfinished)
    }

    public func currentEntitlements() async -> [StoreTransaction] {
        await Self.collect(Transaction.currentEntitlements)
    }

    public func sync() async throws {
        try await AppStore.sync()
    }

    public func finish(_ transactionId: String) async {
        for await result in Transaction.unfinished where String(result.unsafePayloadValue.id) == transactionId {
            await result.unsafePayloadValue.finish()
        }
    }

    private static func collect(_ sequence: Transaction.Transactions) async -> [StoreTransaction] {
        var transactions: [StoreTransaction] = []
        for await result in sequence { transactions.append(transaction(result)) }
        return transactions
    }

    /// Storekeeper verifies the signed form itself; the device's verdict travels along.
    private static func transaction(_ result: VerificationResult<Transaction>) -> StoreTransaction {
        let transaction = result.unsafePayloadValue
        var failure: String?
        if case .unverified(_, let error) = result { failure = "\(error)" }
        return StoreTransaction(
            id: String(transaction.id), originalId: String(transaction.originalID), productId: transaction.productID,
            appAccountToken: transaction.appAccountToken, signedTransaction: result.jwsRepresentation,
            deviceVerificationFailure: failure)
    }
}
