import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The whole plan of applying purchase facts, without a store: what each policy, refund and
/// order case writes, in order, from a loaded workspace.
@Suite struct PurchasePlannerTests {
    static let alice = CustomerID(rawValue: "alice")!
    static let bob = CustomerID(rawValue: "bob")!
    static let placeholder = PurchaseDecision.placeholder(
        for: PurchaseKey(environment: .sandbox, originalTransactionId: "o-1"), in: .preIsolation)!
    static let now = Timestamp(millisecondsSince1970: 100_000)
    static let catalog = try! Catalog(products: [
        Product(id: "gems", kind: .consumable, currencies: ["gems": 100]),
        Product(id: "no.ads", kind: .nonConsumable, entitlements: ["no_ads"]),
        Product(id: "pro.monthly", kind: .autoRenewableSubscription, duration: Period(iso8601: "P1M"), subscriptionGroup: "g"),
    ])

    static func planner(_ policy: AppPolicy = AppPolicy()) -> PurchasePlanner {
        PurchasePlanner(catalog: catalog, policy: policy, actor: .apple, fact: "test", now: now)
    }

    static func purchase(
        _ productId: String, token: UUID? = nil, revokedAt: Timestamp? = nil, signedAt: Int64 = 1_000
    ) -> AppleTransaction {
        AppleTransaction(
            environment: .sandbox, transactionId: "t-1", originalTransactionId: "o-1", productId: productId,
            purchaseDate: Timestamp(millisecondsSince1970: 1_000), appAccountToken: token, revocationDate: revokedAt,
            signedDate: Timestamp(millisecondsSince1970: signedAt), source: .notification)
    }

    static let key = PurchaseKey(environment: .sandbox, originalTransactionId: "o-1")
    static let ref = TransactionRef(environment: .sandbox, transactionId: "t-1")

    static func stored(_ transaction: AppleTransaction, for customer: CustomerID) -> StoredTransaction {
        StoredTransaction(transaction: transaction, customerId: customer, orderId: nil, recordedAt: Timestamp(millisecondsSince1970: 1_000))
    }

    static func audits(_ plan: PurchasePlan) -> [String] {
        plan.effects.compactMap { if case .audit(let event) = $0 { event.kind } else { nil } }
    }

    static func posts(_ plan: PurchasePlan) -> [(JournalEntry, WalletFollowUp)] {
        plan.effects.compactMap { if case .post(let entry, let followUp) = $0 { (entry, followUp) } else { nil } }
    }

    // MARK: Apple's facts

    /// A new currency pack paying Alice's order: owner claimed, recorded, credited, delivered;
    /// no grant refresh (a currency pack grants nothing).
    @Test func aNewConsumableCreditsAndDeliversTheOrderItsTokenNames() throws {
        let order = Order(customerId: Self.alice, productId: "gems", createdAt: Timestamp(millisecondsSince1970: 900), expiresAt: Self.now)
        let transaction = Self.purchase("gems", token: order.appAccountToken)
        let workspace = PurchaseWorkspace(
            owners: [Self.key: nil], transactions: [Self.ref: nil], orders: [order.id: order],
            tokenOrders: [order.appAccountToken: order.id])
        let plan = try Self.planner().fromApple([transaction], recipient: Self.alice, in: workspace)

        #expect(plan.effects.first == .ensureCustomer(Self.alice))
        #expect(plan.effects.contains(.claimOwner(Self.key, customer: Self.alice, expectedOwner: Self.alice)))
        #expect(plan.effects.contains(.upsertTransaction(transaction, customer: Self.alice, orderId: order.id, expected: .inserted)))
        let credits = Self.posts(plan)
        #expect(credits.map(\.0.key) == ["credit:Sandbox:t-1:gems"])
        #expect(credits.map(\.1) == [.notify])
        #expect(Self.audits(plan) == ["purchase.recorded", "order.delivered"])
        #expect(plan.effects.contains { if case .updateOrder(let delivered) = $0 { delivered.state == .delivered } else { false } })
        #expect(!plan.effects.contains { if case .refreshGrants = $0 { true } else { false } })
        #expect(plan.outcome.inserted.map(\.transactionId) == ["t-1"])
        #expect(plan.outcome.deliveredOrders.map(\.id) == [order.id])
        #expect(plan.outcome.delivered.map(\.transactionId) == ["t-1"])
    }

    /// The same fact again: the stored record is as new, so nothing but the checks is written.
    @Test func aReplayWritesNothingButItsChecks() throws {
        let transaction = Self.purchase("gems")
        let workspace = PurchaseWorkspace(
            owners: [Self.key: Self.alice], transactions: [Self.ref: Self.stored(transaction, for: Self.alice)],
            tokenOrders: [:], openOrders: [Self.alice: []])
        let plan = try Self.planner().fromApple([transaction], recipient: Self.alice, in: workspace)
        #expect(
            plan.effects == [
                .ensureCustomer(Self.alice), .claimOwner(Self.key, customer: Self.alice, expectedOwner: Self.alice),
                .upsertTransaction(transaction, customer: Self.alice, orderId: nil, expected: .unchanged),
            ])
        #expect(plan.outcome.replayed.map(\.transactionId) == ["t-1"])
        #expect(plan.outcome.recorded.isEmpty)
    }

    /// A refund of spent currency: `allowNegative` takes all of it back, `clamp` what is left.
    @Test(arguments: [(DebtPolicy.allowNegative, Int64(-100)), (.clamp, -30)])
    func aRefundClawsBackUnderTheDebtPolicy(policy: DebtPolicy, collected: Int64) throws {
        let bought = Self.purchase("gems")
        let refunded = Self.purchase("gems", revokedAt: Timestamp(millisecondsSince1970: 5_000), signedAt: 5_000)
        let workspace = PurchaseWorkspace(
            owners: [Self.key: Self.alice], transactions: [Self.ref: Self.stored(bought, for: Self.alice)],
            openOrders: [Self.alice: []], balances: [Self.alice: ["gems": 30]])
        let plan = try Self.planner(AppPolicy(debt: policy)).fromApple([refunded], recipient: Self.alice, in: workspace)
        let clawbacks = Self.posts(plan)
        #expect(clawbacks.map(\.0.key) == ["clawback:Sandbox:t-1:gems"])
        #expect(clawbacks.map(\.0.customerDelta) == [collected])
        #expect(clawbacks.map(\.1) == [.clawedBack(Self.alice, policy: policy)])
        #expect(Self.audits(plan) == ["purchase.revoked"])
        #expect(
            plan.effects.contains(.upsertTransaction(refunded, customer: Self.alice, orderId: nil, expected: .updated(previous: bought))))
    }

    /// A reversed refund gives back what the clawback took; a refund booked before books nothing again.
    @Test func aReversedRefundRestoresWhatTheClawbackTook() throws {
        let refunded = Self.purchase("gems", revokedAt: Timestamp(millisecondsSince1970: 5_000), signedAt: 5_000)
        let clawback = try Wallet.clawback(
            Self.alice, currency: "gems", amount: 100, balance: 100, policy: .allowNegative, transaction: refunded, at: Self.now)
        let reinstated = Self.purchase("gems", signedAt: 6_000)
        var workspace = PurchaseWorkspace(
            owners: [Self.key: Self.alice], transactions: [Self.ref: Self.stored(refunded, for: Self.alice)],
            openOrders: [Self.alice: []], balances: [Self.alice: ["gems": 0]],
            journal: [clawback.key: clawback, PurchaseLedger.restoreKey(ofClawback: clawback.key): nil])
        let plan = try Self.planner().fromApple([reinstated], recipient: Self.alice, in: workspace)
        #expect(Self.posts(plan).map(\.0.key) == ["restore:Sandbox:t-1:gems"])
        #expect(Self.posts(plan).map(\.1) == [.restored(Self.alice)])
        #expect(Self.audits(plan) == ["purchase.restored"])

        // Refunded again: the clawback's key is booked, so only the audit trail moves.
        let again = Self.purchase("gems", revokedAt: Timestamp(millisecondsSince1970: 7_000), signedAt: 7_000)
        workspace.transactions[Self.ref] = .some(Self.stored(reinstated, for: Self.alice))
        let second = try Self.planner().fromApple([again], recipient: Self.alice, in: workspace)
        #expect(Self.posts(second).isEmpty)
        #expect(Self.audits(second) == ["purchase.revoked"])
    }

    /// A subscription's transaction goes to its lifecycle, and the owner's grants are recomputed.
    @Test func aSubscriptionTransactionFeedsItsLifecycleAndRefreshesGrants() throws {
        let transaction = Self.purchase("pro.monthly")
        let workspace = PurchaseWorkspace(owners: [Self.key: nil], transactions: [Self.ref: nil], openOrders: [Self.alice: []])
        let plan = try Self.planner().fromApple([transaction], recipient: Self.alice, in: workspace)
        #expect(plan.effects.contains(.applySubscription(SubscriptionFact(transaction: transaction), owner: Self.alice)))
        #expect(plan.effects.last == .refreshGrants([Self.alice]))
    }

    /// Reading what was not loaded is a defect of the loader, reported as such.
    @Test func readingWhatWasNotLoadedFails() {
        let workspace = PurchaseWorkspace(owners: [Self.key: nil])
        #expect(throws: PurchasePlanningError.notLoaded("transaction Sandbox:t-1")) {
            try Self.planner().fromApple([Self.purchase("gems")], recipient: Self.placeholder, in: workspace)
        }
    }

    // MARK: Presentations

    /// Bob presents Alice's non-consumable: `transfer` moves it, `keep` leaves it with Alice,
    /// `refuse` refuses the presentation; each leaves its audit trail.
    @Test(arguments: [TransferPolicy.transfer, .keep, .refuse])
    func anotherCustomersPurchaseFollowsTheTransferPolicy(policy: TransferPolicy) throws {
        let transaction = Self.purchase("no.ads")
        let workspace = PurchaseWorkspace(
            owners: [Self.key: Self.alice], transactions: [Self.ref: Self.stored(transaction, for: Self.alice)],
            openOrders: [Self.alice: [], Self.bob: []])
        let snapshot = PurchaseSnapshot(presenter: Self.bob, purchases: [Self.key], owners: [Self.key: Self.alice])
        let plan = try Self.planner(AppPolicy(transfer: policy)).presented(
            [transaction], renewals: [], by: Self.bob, orderId: nil, snapshot: snapshot, in: workspace)
        #expect(plan.effects.contains(.claimOwner(Self.key, customer: Self.bob, expectedOwner: Self.alice)))
        let moved = plan.effects.contains(.moveOwner(Self.key, to: Self.bob))
        switch policy {
        case .transfer:
            #expect(moved)
            #expect(Self.audits(plan) == ["ownership.transferred", "ownership.transferred"])
            #expect(plan.outcome.recorded.map(\.transactionId) == ["t-1"])  // new to Bob
            #expect(plan.effects.last == .refreshGrants([Self.alice, Self.bob]))
        case .keep:
            #expect(!moved)
            #expect(Self.audits(plan) == ["ownership.kept"])
            #expect(plan.outcome.keptByOther.map(\.1) == [Self.alice])
        case .refuse:
            #expect(!moved)
            #expect(Self.audits(plan) == ["ownership.refused"])
            #expect(plan.outcome.refusedOwner == Self.alice)
            #expect(!plan.effects.contains { if case .upsertTransaction = $0 { true } else { false } })
        }
    }

    /// A consumable another customer owns is used up: presenting it again credits nobody.
    @Test func anotherCustomersConsumableIsAReplayWhateverThePolicy() throws {
        let transaction = Self.purchase("gems")
        let workspace = PurchaseWorkspace(
            owners: [Self.key: Self.alice], transactions: [Self.ref: Self.stored(transaction, for: Self.alice)])
        let snapshot = PurchaseSnapshot(presenter: Self.bob, purchases: [Self.key], owners: [Self.key: Self.alice])
        let plan = try Self.planner().presented(
            [transaction], renewals: [], by: Self.bob, orderId: nil, snapshot: snapshot, in: workspace)
        #expect(Self.posts(plan).isEmpty)
        #expect(Self.audits(plan) == ["purchase.presentedByOtherCustomer"])
        #expect(plan.outcome.replayed.map(\.transactionId) == ["t-1"])
    }

    /// Apple's notification came first and credited the placeholder: the presenter claims the
    /// purchase with the placeholder's balance, and it counts as their first grant.
    @Test func thePresenterClaimsAPlaceholdersPurchaseWithItsBalance() throws {
        let transaction = Self.purchase("gems")
        let workspace = PurchaseWorkspace(
            owners: [Self.key: Self.placeholder], transactions: [Self.ref: Self.stored(transaction, for: Self.placeholder)],
            openOrders: [Self.alice: []], balances: [Self.placeholder: ["gems": 100]])
        let snapshot = PurchaseSnapshot(presenter: Self.alice, purchases: [Self.key], owners: [Self.key: Self.placeholder])
        let plan = try Self.planner().presented(
            [transaction], renewals: [], by: Self.alice, orderId: nil, snapshot: snapshot, in: workspace)
        #expect(plan.effects.contains(.moveOwner(Self.key, to: Self.alice)))
        let merges = Self.posts(plan)
        #expect(merges.map(\.0.kind) == [.merge])
        #expect(merges.map(\.0.customerDelta) == [100])
        #expect(Self.audits(plan) == ["ownership.claimed"])
        #expect(plan.outcome.recorded.map(\.transactionId) == ["t-1"])
        #expect(plan.outcome.delivered.map(\.transactionId) == ["t-1"])
        #expect(plan.outcome.changedCustomers == [Self.alice, Self.placeholder])
    }

    /// Bob presents a purchase whose token names Alice's order: Alice gets it first (order
    /// delivered, grants refreshed), then the transfer policy judges Bob's presentation.
    @Test func theOrdersCustomerIsServedBeforeThePresenter() throws {
        let order = Order(
            customerId: Self.alice, productId: "no.ads", createdAt: Timestamp(millisecondsSince1970: 900), expiresAt: Self.now)
        let transaction = Self.purchase("no.ads", token: order.appAccountToken)
        let workspace = PurchaseWorkspace(
            owners: [Self.key: nil], transactions: [Self.ref: nil], orders: [order.id: order],
            tokenOrders: [order.appAccountToken: order.id])
        let snapshot = PurchaseSnapshot(
            presenter: Self.bob, purchases: [Self.key], orderCustomers: [order.appAccountToken: Self.alice])
        let plan = try Self.planner(AppPolicy(transfer: .keep)).presented(
            [transaction], renewals: [], by: Self.bob, orderId: nil, snapshot: snapshot, in: workspace)
        #expect(plan.effects.contains(.claimOwner(Self.key, customer: Self.alice, expectedOwner: Self.alice)))
        #expect(plan.effects.contains(.claimOwner(Self.key, customer: Self.bob, expectedOwner: Self.alice)))
        #expect(Self.audits(plan) == ["purchase.recorded", "order.delivered", "ownership.kept"])
        #expect(plan.effects.contains(.refreshGrants([Self.alice])))
        #expect(plan.outcome.deliveredOrders.isEmpty)  // Bob's answer does not show Alice's order
        #expect(plan.outcome.keptByOther.map(\.1) == [Self.alice])
    }

    // MARK: Orders

    /// A token naming an order for another product: the purchase is recorded and credited, the
    /// order stays open, and support sees the mismatch.
    @Test func anOrderForAnotherProductIsAMismatchNotADelivery() throws {
        let order = Order(
            customerId: Self.alice, productId: "no.ads", createdAt: Timestamp(millisecondsSince1970: 900), expiresAt: Self.now)
        let transaction = Self.purchase("gems", token: order.appAccountToken)
        let workspace = PurchaseWorkspace(
            owners: [Self.key: nil], transactions: [Self.ref: nil], orders: [order.id: order],
            tokenOrders: [order.appAccountToken: order.id])
        let plan = try Self.planner().fromApple([transaction], recipient: Self.alice, in: workspace)
        #expect(Self.audits(plan) == ["purchase.recorded", "order.mismatch"])
        #expect(!plan.effects.contains { if case .updateOrder = $0 { true } else { false } })
        #expect(plan.outcome.deliveredOrders.isEmpty)
        #expect(Self.posts(plan).map(\.0.kind) == [.credit])
    }

    /// Apple's notification came first, with no token: when Alice then presents the purchase
    /// with her order, the recorded transaction pays it and is linked to it; a transaction that
    /// paid an order already pays no other.
    @Test func aTransactionRecordedBeforeItsOrderWasKnownPaysItOnce() throws {
        let order = Order(
            customerId: Self.alice, productId: "no.ads", createdAt: Timestamp(millisecondsSince1970: 900), expiresAt: Self.now)
        let transaction = Self.purchase("no.ads")
        var workspace = PurchaseWorkspace(
            owners: [Self.key: Self.alice], transactions: [Self.ref: Self.stored(transaction, for: Self.alice)],
            orders: [order.id: order], openOrders: [Self.alice: [order.id]])
        let snapshot = PurchaseSnapshot(presenter: Self.alice, purchases: [Self.key], owners: [Self.key: Self.alice])
        let plan = try Self.planner().presented(
            [transaction], renewals: [], by: Self.alice, orderId: order.id, snapshot: snapshot, in: workspace)
        #expect(plan.effects.contains(.linkOrder(order.id, environment: .sandbox, transactionId: "t-1")))
        #expect(Self.audits(plan) == ["order.delivered"])
        #expect(plan.outcome.deliveredOrders.map(\.id) == [order.id])

        var paidOther = Self.stored(transaction, for: Self.alice)
        paidOther.orderId = UUID()
        workspace.transactions[Self.ref] = .some(paidOther)
        let second = try Self.planner().presented(
            [transaction], renewals: [], by: Self.alice, orderId: order.id, snapshot: snapshot, in: workspace)
        #expect(Self.audits(second).isEmpty)
        #expect(second.outcome.deliveredOrders.isEmpty)
    }
}
