public import AppStoreModels

/// Finishing a transaction at Apple (Finish Transaction): Apple's word that the server, managing
/// entitlements itself, has provided the purchase, so the transaction is no longer unfinished for
/// the app (`Transaction.unfinished`, the updates StoreKit re-delivers at launch). An app that
/// finishes in StoreKit needs no such call — and Storekeeper's app package does, after the
/// server's answer — so Storekeeper finishes only what it delivered without the app: a one-time
/// purchase Apple reported (`ONE_TIME_CHARGE`) and Storekeeper granted before any app presented it.
public struct TransactionFinish: AppleOutboxCall, Hashable {
    public var environment: String
    public var transactionId: String

    public static let prefix = "apple:finishTransaction:"
    public static let kind = "apple.finishTransaction"
    /// A week, like Set App Account Token; what Apple refuses is not retried (``AppleRefusal``).
    public static let retentionMilliseconds: Int64 = 7 * 86_400_000

    public init(environment: AppStoreEnvironment, transactionId: String) {
        self.environment = environment.rawValue
        self.transactionId = transactionId
    }

    /// The audit subject of the transaction it finishes.
    public var subject: String { "\(environment):\(transactionId)" }

    /// The product types whose transactions the app finishes after delivering them; a renewal of
    /// an auto-renewable subscription is Apple's, not a delivery of the app's.
    static let finishedTypes: Set<ProductType> = [.consumable, .nonConsumable, .nonRenewingSubscription]

    /// What Storekeeper finishes after applying a fact from Apple whose outcome is `outcome`: each
    /// one-time purchase it granted for the first time, bought by the customer themself (a
    /// family-shared or assigned transaction is the purchaser's to finish) and not revoked.
    /// Purchases Storekeeper already had — presented by the app, or a replay — are not in
    /// `delivered`, so applying the same fact again finishes nothing twice.
    public static func due(after outcome: PurchaseOutcome) -> [TransactionFinish] {
        outcome.delivered.compactMap { transaction in
            guard let type = transaction.productType, finishedTypes.contains(type),
                transaction.ownership == nil || transaction.ownership == .purchased, transaction.revocationDate == nil
            else { return nil }
            return TransactionFinish(environment: transaction.environment, transactionId: transaction.transactionId)
        }
    }
}
