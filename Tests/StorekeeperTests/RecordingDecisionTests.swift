import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// What follows once the store says whether a transaction fact is new, without a store: credits,
/// refunds with their clawback and reversal, order deliveries, replays and first grants.
@Suite struct RecordingDecisionTests {
    static let alice = CustomerID(rawValue: "alice")!
    static let placeholder = CustomerID(rawValue: "unclaimed:Sandbox:t-1")!
    static let now = Timestamp(millisecondsSince1970: 9_000)

    static func transaction(revoked: Bool = false) -> AppleTransaction {
        AppleTransaction(
            environment: .sandbox, transactionId: "t-1", originalTransactionId: "t-1", productId: "gems",
            purchaseDate: Timestamp(millisecondsSince1970: 1), revocationDate: revoked ? Timestamp(millisecondsSince1970: 5) : nil,
            revocationReason: revoked ? .init(rawValue: 1) : nil, signedDate: Timestamp(millisecondsSince1970: revoked ? 5 : 1),
            source: .storeKit2)
    }

    static func order(_ state: OrderState) -> Order {
        Order(
            customerId: alice, productId: "gems", state: state, createdAt: Timestamp(millisecondsSince1970: 0),
            expiresAt: Timestamp(millisecondsSince1970: 100_000))
    }

    static func decide(
        _ transaction: AppleTransaction, _ upsert: TransactionUpsert, kind: ProductKind? = .consumable,
        for customer: CustomerID = alice, order: Order? = nil, claimed: Bool = false, fromPlaceholder: Bool = false
    ) -> RecordingDecision {
        PurchaseDecision.recording(
            transaction, upsert: upsert, kind: kind, for: customer, order: order, claimed: claimed,
            claimedFromPlaceholder: fromPlaceholder, appliesLifecycle: true)
    }

    @Test func aNewConsumableIsCreditedAuditedAndPaysItsOrder() {
        let decision = Self.decide(Self.transaction(), .inserted, order: Self.order(.pending))
        #expect(decision.isRecorded && decision.isInserted)
        #expect(decision.ledger == .credit)
        #expect(decision.deliversOrder && !decision.deliversKnownOrder)
        #expect(decision.isFirstGrant)
        #expect(decision.revocationEvent == nil)
        #expect(!decision.appliesLifecycle)
    }

    /// A duplicate fact: the store has it already, so nothing is booked, audited or delivered
    /// again; it is a replay unless this presentation just claimed it.
    @Test func aDuplicateFactChangesNothing() {
        let replay = Self.decide(Self.transaction(), .unchanged, order: Self.order(.delivered))
        #expect(!replay.isRecorded && !replay.isInserted)
        #expect(replay.ledger == .none)
        #expect(!replay.deliversOrder && !replay.deliversKnownOrder && !replay.isFirstGrant)
        #expect(replay.revocationEvent == nil)
        #expect(Self.decide(Self.transaction(), .unchanged, claimed: true).isRecorded)
    }

    @Test func aRefundClawsBackAndARefundReversalRestores() {
        let refunded = Self.decide(Self.transaction(revoked: true), .updated(previous: Self.transaction()))
        #expect(refunded.ledger == .clawBack)
        #expect(refunded.revocationEvent == "purchase.revoked")
        #expect(!refunded.isFirstGrant && !refunded.deliversKnownOrder)
        let reversed = Self.decide(Self.transaction(), .updated(previous: Self.transaction(revoked: true)))
        #expect(reversed.ledger == .restore)
        #expect(reversed.revocationEvent == "purchase.restored")
        // A refund of a non-consumable moves no currency; the trail still says so.
        let nonConsumable = Self.decide(Self.transaction(revoked: true), .updated(previous: Self.transaction()), kind: .nonConsumable)
        #expect(nonConsumable.ledger == .none)
        #expect(nonConsumable.revocationEvent == "purchase.revoked")
    }

    @Test func aPurchaseFirstRecordedRevokedCreditsNothingAndPaysNothing() {
        let decision = Self.decide(Self.transaction(revoked: true), .inserted, order: Self.order(.pending))
        #expect(decision.isInserted)
        #expect(decision.ledger == .none)
        #expect(!decision.deliversOrder && !decision.isFirstGrant)
    }

    /// The notification came first: the transaction is known, and pays the order its presenter
    /// names now, once.
    @Test func aKnownTransactionPaysAnOrderStillOpen() {
        #expect(Self.decide(Self.transaction(), .unchanged, order: Self.order(.pending)).deliversKnownOrder)
        #expect(!Self.decide(Self.transaction(), .unchanged, order: Self.order(.delivered)).deliversKnownOrder)
    }

    @Test func aFirstGrantIsAnAppCustomersOnly() {
        #expect(!Self.decide(Self.transaction(), .inserted, for: Self.placeholder).isFirstGrant)
        #expect(Self.decide(Self.transaction(), .unchanged, claimed: true, fromPlaceholder: true).isFirstGrant)
        // Taken from another customer (a transfer): not a first grant.
        #expect(!Self.decide(Self.transaction(), .unchanged, claimed: true).isFirstGrant)
    }

    @Test func onlyAutoRenewablesGoToTheLifecycle() {
        #expect(Self.decide(Self.transaction(), .inserted, kind: .autoRenewableSubscription).appliesLifecycle)
        #expect(!Self.decide(Self.transaction(), .inserted, kind: .nonRenewingSubscription).appliesLifecycle)
        let notApplied = PurchaseDecision.recording(
            Self.transaction(), upsert: .inserted, kind: .autoRenewableSubscription, for: Self.alice, order: nil, claimed: false,
            claimedFromPlaceholder: false, appliesLifecycle: false)
        #expect(!notApplied.appliesLifecycle)
    }

    @Test func theRecordedEventShowsWhatWasCredited() throws {
        let credits = try PurchaseLedger.credits(
            Self.transaction(), to: Self.alice, product: Product(id: "gems", kind: .consumable, currencies: ["gems": 100]),
            at: Self.now)
        let event = PurchaseDecision.recordedAudit(
            Self.transaction(), for: Self.alice, credited: credits, actor: .apple, fact: "f", now: Self.now)
        #expect(event.kind == "purchase.recorded")
        #expect(event.subject == "Sandbox:t-1")
        #expect(event.details["credited.gems"] == "100")
        #expect(event.details["quantity"] == "1")
        // Replayed credits (already booked) are not shown again.
        let replayed = PurchaseDecision.recordedAudit(
            Self.transaction(), for: Self.alice, credited: [], actor: .apple, fact: "f", now: Self.now)
        #expect(replayed.details["credited.gems"] == nil)
    }
}
