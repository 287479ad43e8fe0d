import AppStoreModels
import AppStoreVerification
import Foundation

/// The simulated App Store's state machine: every operation mutates ``SimulatorState``
/// synchronously and records the notifications it causes. No I/O: delivery happens outside,
/// after the caller releases the lock that guards the engine.
struct SimulationEngine: Sendable {
    var state: SimulatorState
    let signer: ES256Signer
    let receiptBuilder: AppReceiptBuilder
    /// Set by every mutation; cleared when the state is persisted.
    var isDirty = false
    /// Each account's transactions, for the per-customer Server API answers.
    let accountIndex: AccountTransactionIndex

    init(state: SimulatorState, keys: SimulatorKeys) throws {
        self.state = state
        self.accountIndex = AccountTransactionIndex(state)
        self.signer = try keys.pki.signer()
        self.receiptBuilder = AppReceiptBuilder(chain: keys.receiptChain)
    }

    var durations: DurationMode { state.durationMode }

    // MARK: Lookups

    func app(_ bundleId: String) throws(SimulatorError) -> SimulatedApp {
        guard let app = state.apps[bundleId] else { throw .notFound("no app with bundle ID \(bundleId)") }
        return app
    }

    func account(_ id: String) throws(SimulatorError) -> SimulatedAccount {
        guard let account = state.accounts[id] else { throw .notFound("no account \(id)") }
        return account
    }

    func product(_ productId: String, in bundleId: String) throws(SimulatorError) -> CatalogProduct {
        guard let product = try app(bundleId).products[productId] else {
            throw .notFound("no product \(productId) in \(bundleId)")
        }
        return product
    }

    func storefront(_ code: String) throws(SimulatorError) -> Storefront {
        guard let storefront = state.storefronts[code] else { throw .notFound("no storefront \(code)") }
        return storefront
    }

    func transaction(_ id: String) throws(SimulatorError) -> StoredTransaction {
        guard let transaction = state.transactions[id] else { throw .notFound("no transaction \(id)") }
        return transaction
    }

    func subscription(_ originalTransactionId: String) throws(SimulatorError) -> SimulatedSubscription {
        guard let subscription = state.subscriptions[originalTransactionId] else {
            throw .notFound("no auto-renewable subscription with original transaction ID \(originalTransactionId)")
        }
        return subscription
    }

    /// The subscription a transaction belongs to, if it is an auto-renewable one.
    func subscription(of transaction: StoredTransaction) -> SimulatedSubscription? {
        state.subscriptions[transaction.originalTransactionId]
    }

    /// The account's own (purchased, not family-shared) subscription in a group.
    func ownSubscription(account: String, bundleId: String, group: String) -> SimulatedSubscription? {
        state.subscriptions.values.first {
            $0.accountId == account && $0.bundleId == bundleId && $0.groupId == group && !$0.followsPurchaser
        }
    }

    // MARK: Mutation helpers

    mutating func store(_ transaction: StoredTransaction) {
        state.transactions[transaction.transactionId] = transaction
        accountIndex.add(transaction)
        isDirty = true
    }

    mutating func store(_ subscription: SimulatedSubscription) {
        state.subscriptions[subscription.originalTransactionId] = subscription
        isDirty = true
    }

    /// Changes a stored transaction and bumps its modification sequence (Get Transaction History
    /// returns modified transactions again after a stored revision).
    mutating func modifyTransaction(_ id: String, _ change: (inout JWSTransactionDecodedPayload) -> Void) {
        guard var transaction = state.transactions[id] else { return }
        change(&transaction.payload)
        transaction.modifiedSequence = state.counters.nextSequence()
        store(transaction)
    }

    /// The account's app transaction for an app, created at first use.
    mutating func appTransaction(
        account: String, bundleId: String, at time: Timestamp
    ) throws(SimulatorError)
        -> AppTransactionRecord
    {
        let key = account + "\n" + bundleId
        if let record = state.appTransactions[key] { return record }
        let record = AppTransactionRecord(
            appTransactionId: state.counters.nextAppTransactionId(), accountId: account, bundleId: bundleId,
            originalPurchaseDate: time, originalApplicationVersion: try app(bundleId).applicationVersion,
            downloadId: state.counters.nextDownloadId())
        state.appTransactions[key] = record
        accountIndex.add(record, key: key)
        isDirty = true
        return record
    }

    /// What a new transaction is about; everything else is filled in by ``issueTransaction``.
    struct NewTransaction {
        var account: SimulatedAccount
        var product: CatalogProduct
        var bundleId: String
        var storefront: Storefront
        var purchaseDate: Timestamp
        var expiresDate: Timestamp?
        var originalTransactionId: String?
        var originalPurchaseDate: Timestamp?
        var webOrderLineItemId: String?
        var quantity: Int32 = 1
        var reason: TransactionReason = .purchase
        var ownership: InAppOwnershipType = .purchased
        var price: Int64?
        var appAccountToken: UUID?
        var offer: AppliedOffer?
        var orderId: String?
        var familySource: String?
        /// A multiseat subscription's seats (the purchaser's, or copied to an assigned member).
        var multiSeatInfo: TransactionMultiSeatInfo? = nil
        var additionalReason: AdditionalTransactionReason? = nil
        /// The billing plan of a product that offers a monthly plan with a 12-month commitment.
        var billingPlanType: BillingPlanType? = nil
        var commitmentInfo: TransactionCommitmentInfo? = nil
    }

    /// An offer applied to one transaction.
    struct AppliedOffer: Hashable {
        var type: OfferType
        var id: String?
        var config: SubscriptionOfferConfig
    }

    /// Issues and stores a transaction with Apple's identifiers.
    mutating func issueTransaction(_ new: NewTransaction) throws(SimulatorError) -> StoredTransaction {
        let transactionId = state.counters.nextTransactionId()
        let appTransaction = try appTransaction(account: new.account.id, bundleId: new.bundleId, at: new.purchaseDate)
        let isSubscription = new.product.isAutoRenewable
        let shared = new.ownership == .familyShared
        var payload = JWSTransactionDecodedPayload(
            transactionId: transactionId, originalTransactionId: new.originalTransactionId ?? transactionId,
            webOrderLineItemId: isSubscription ? (new.webOrderLineItemId ?? state.counters.nextWebOrderLineItemId()) : nil,
            bundleId: new.bundleId, productId: new.product.productId,
            subscriptionGroupIdentifier: isSubscription ? new.product.subscriptionGroupId : nil,
            purchaseDate: new.purchaseDate, originalPurchaseDate: new.originalPurchaseDate ?? new.purchaseDate,
            expiresDate: new.expiresDate, quantity: new.quantity, type: new.product.type,
            appAccountToken: new.appAccountToken, inAppOwnershipType: new.ownership,
            environment: new.account.environment, storefront: new.storefront.code,
            storefrontId: new.storefront.storefrontId, transactionReason: new.reason,
            price: shared ? nil : new.price, currency: shared || new.price == nil ? nil : new.storefront.currency,
            appTransactionId: appTransaction.appTransactionId)
        payload.multiSeatInfo = new.multiSeatInfo
        payload.additionalTransactionReason = new.additionalReason
        payload.billingPlanType = new.billingPlanType
        payload.commitmentInfo = new.commitmentInfo
        if let offer = new.offer {
            payload.offerType = offer.type
            payload.offerIdentifier = offer.id
            payload.offerDiscountType = offer.config.mode.discountType
            payload.offerPeriod = offer.config.offerPeriod.description
        }
        let sequence = state.counters.nextSequence()
        let transaction = StoredTransaction(
            payload: payload, accountId: new.account.id, orderId: new.orderId ?? IDCounters.orderId(),
            createdSequence: sequence, modifiedSequence: sequence, familySourceTransactionId: new.familySource)
        store(transaction)
        return transaction
    }

    /// The storefront a purchase is made in, and the product's price there.
    func pricing(
        of product: CatalogProduct, account: SimulatedAccount, storefront code: String?
    ) throws(SimulatorError)
        -> (Storefront, Int64)
    {
        let storefront = try storefront(code ?? account.storefront)
        guard let price = product.price(in: storefront.code) else {
            throw .invalidRequest("\(product.productId) is not sold in storefront \(storefront.code)")
        }
        return (storefront, price)
    }
}
