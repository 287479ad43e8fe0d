import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The pure ownership decisions of applying purchase facts, without a store: every transfer
/// policy, the placeholder claim, the consumable rule, the order-token rule and replays.
@Suite struct PurchaseDecisionTests {
    static let alice = CustomerID(rawValue: "alice")!
    static let bob = CustomerID(rawValue: "bob")!
    static let carol = CustomerID(rawValue: "carol")!
    static let purchase = PurchaseKey(environment: .sandbox, originalTransactionId: "o-1")
    static let placeholder = PurchaseDecision.placeholder(for: purchase, in: .preIsolation)!
    static let now = Timestamp(millisecondsSince1970: 5_000)

    static func audit(_ decision: OwnershipDecision, orderCustomer: CustomerID? = nil) -> [AuditEvent] {
        PurchaseDecision.audit(
            of: decision, purchase: purchase, productId: "no.ads", presentedBy: bob, orderCustomer: orderCustomer,
            actor: .client, fact: "transaction:Sandbox:t-1", now: now)
    }

    @Test func placeholdersAreNamedByPurchase() {
        #expect(Self.placeholder.rawValue == "unclaimed:Sandbox:o-1")
        #expect(PurchaseDecision.isPlaceholder(Self.placeholder))
        #expect(!PurchaseDecision.isPlaceholder(Self.alice))
    }

    @Test(arguments: TransferPolicy.allCases, [ProductKind.consumable, .nonConsumable, .autoRenewableSubscription])
    func aPurchaseThePresenterOwnsIsRecordedForThePresenter(_ policy: TransferPolicy, _ kind: ProductKind) {
        let decision = PurchaseDecision.ownership(presentedBy: Self.bob, owner: Self.bob, orderCustomer: nil, kind: kind, policy: policy)
        #expect(decision == .presenterOwns)
        #expect(decision.presenterRecords)
        #expect(Self.audit(decision).isEmpty)
    }

    @Test(arguments: TransferPolicy.allCases, [ProductKind.consumable, .nonConsumable])
    func aPlaceholdersPurchaseIsClaimedWhateverThePolicy(_ policy: TransferPolicy, _ kind: ProductKind) {
        let decision = PurchaseDecision.ownership(
            presentedBy: Self.bob, owner: Self.placeholder, orderCustomer: nil, kind: kind, policy: policy)
        #expect(decision == .claimFromPlaceholder(Self.placeholder))
        #expect(decision.presenterRecords)
        #expect(decision.owner(presentedBy: Self.bob) == Self.bob)
        let claimed = PurchaseDecision.claimAudit(
            of: Self.purchase, from: Self.placeholder, by: Self.bob, actor: .client, fact: "f", now: Self.now)
        #expect(claimed.kind == "ownership.claimed")
        #expect(claimed.customerId == Self.bob)
        #expect(claimed.subject == "Sandbox:o-1")
        #expect(claimed.details == ["from": "unclaimed:Sandbox:o-1"])
    }

    @Test(arguments: TransferPolicy.allCases)
    func anotherCustomersConsumableIsAReplayWhateverThePolicy(_ policy: TransferPolicy) throws {
        let decision = PurchaseDecision.ownership(
            presentedBy: Self.bob, owner: Self.alice, orderCustomer: nil, kind: .consumable, policy: policy)
        #expect(decision == .consumableUsedUp(owner: Self.alice))
        #expect(!decision.presenterRecords)
        #expect(decision.owner(presentedBy: Self.bob) == Self.alice)
        let event = try #require(Self.audit(decision).first)
        #expect(Self.audit(decision).count == 1)
        #expect(event.kind == "purchase.presentedByOtherCustomer")
        #expect(event.customerId == Self.bob)
        #expect(event.details == ["owner": "alice", "productId": "no.ads"])
    }

    /// Each policy's answer to a second customer presenting a non-consumable.
    @Test(arguments: [
        (TransferPolicy.transfer, OwnershipDecision.transfer(from: alice), true, bob),
        (.keep, .keep(owner: alice), false, alice),
        (.refuse, .refuse(owner: alice), false, alice),
    ])
    func theTransferPolicyDecidesAnotherCustomersPurchase(
        _ policy: TransferPolicy, _ expected: OwnershipDecision, _ records: Bool, _ ownerAfter: CustomerID
    ) {
        let decision = PurchaseDecision.ownership(
            presentedBy: Self.bob, owner: Self.alice, orderCustomer: nil, kind: .nonConsumable, policy: policy)
        #expect(decision == expected)
        #expect(decision.presenterRecords == records)
        #expect(decision.owner(presentedBy: Self.bob) == ownerAfter)
    }

    @Test func aTransferIsAuditedForBothCustomers() {
        let events = Self.audit(.transfer(from: Self.alice))
        #expect(events.map(\.kind) == ["ownership.transferred", "ownership.transferred"])
        #expect(events.map(\.customerId) == [Self.alice, Self.bob])
        #expect(events.map { $0.details["counterpart"] } == ["bob", "alice"])
        #expect(events.allSatisfy { $0.details["from"] == "alice" && $0.details["to"] == "bob" })
        #expect(events.allSatisfy { $0.subject == "Sandbox:o-1" && $0.details["appAccountToken"] == nil })
    }

    @Test(arguments: [
        (OwnershipDecision.keep(owner: alice), "ownership.kept"), (.refuse(owner: alice), "ownership.refused"),
    ])
    func keptAndRefusedPresentationsAreAuditedForThePresenter(_ decision: OwnershipDecision, _ kind: String) {
        let events = Self.audit(decision)
        #expect(events.map(\.kind) == [kind])
        #expect(events.first?.customerId == Self.bob)
        #expect(events.first?.details == ["owner": "alice"])
    }

    // MARK: The order-token rule

    /// Apple's facts go to the owner, else the order's customer, else the placeholder.
    @Test func applesFactsGoToTheOwnerElseTheOrdersCustomerElseThePlaceholder() {
        let placeholder = Self.placeholder
        #expect(PurchaseDecision.recipient(owner: Self.carol, orderCustomer: Self.alice, placeholder: placeholder) == Self.carol)
        #expect(PurchaseDecision.recipient(owner: nil, orderCustomer: Self.alice, placeholder: placeholder) == Self.alice)
        #expect(PurchaseDecision.recipient(owner: nil, orderCustomer: nil, placeholder: placeholder) == placeholder)
        #expect(PurchaseDecision.recipient(owner: nil, orderCustomer: nil, placeholder: nil) == nil)
    }

    @Test func aPresentationFirstGivesTheOrdersCustomerTheirPurchase() {
        // Nobody owned it: the order's customer became its owner when claimed for them.
        #expect(PurchaseDecision.forOrderCustomer(Self.alice, owner: Self.alice) == .record)
        // The notification came first without knowing the order: the placeholder's, claimed now.
        #expect(PurchaseDecision.forOrderCustomer(Self.alice, owner: Self.placeholder) == .claimFromPlaceholder(Self.placeholder))
        // A third customer owns it already: the token does not take it from them.
        #expect(PurchaseDecision.forOrderCustomer(Self.alice, owner: Self.carol) == .leave)
    }

    /// Bob presents Alice's order's purchase: Alice gets it first, then the policy answers Bob
    /// exactly as after the notification, with the token's evidence in the trail.
    @Test(arguments: [
        (TransferPolicy.transfer, OwnershipDecision.transfer(from: alice)), (.keep, .keep(owner: alice)),
        (.refuse, .refuse(owner: alice)),
    ])
    func thePresenterOfAnotherCustomersOrderIsJudgedAfterTheOrdersCustomer(
        _ policy: TransferPolicy, _ expected: OwnershipDecision
    ) {
        let owner = Self.alice  // what claiming for the order's customer left
        #expect(PurchaseDecision.forOrderCustomer(Self.alice, owner: owner) == .record)
        let decision = PurchaseDecision.ownership(
            presentedBy: Self.bob, owner: owner, orderCustomer: Self.alice, kind: .nonConsumable, policy: policy)
        #expect(decision == expected)
        #expect(Self.audit(decision, orderCustomer: Self.alice).allSatisfy { $0.details["appAccountToken"] == "ownersOrder" })
        // The token naming a third customer's order is no evidence about the owner.
        #expect(Self.audit(decision, orderCustomer: Self.carol).allSatisfy { $0.details["appAccountToken"] == nil })
    }

    // MARK: Replays

    /// Deciding the same presentation again, on the ownership the first decision left, changes
    /// nothing more: a transfer or claim is then the presenter's own purchase, a kept or refused
    /// one gets the same answer.
    @Test(arguments: TransferPolicy.allCases, [alice, placeholder])
    func aDuplicatePresentationDecidesNothingNew(_ policy: TransferPolicy, _ firstOwner: CustomerID) {
        let first = PurchaseDecision.ownership(
            presentedBy: Self.bob, owner: firstOwner, orderCustomer: nil, kind: .nonConsumable, policy: policy)
        let second = PurchaseDecision.ownership(
            presentedBy: Self.bob, owner: first.owner(presentedBy: Self.bob), orderCustomer: nil, kind: .nonConsumable,
            policy: policy)
        if first.presenterRecords {
            #expect(second == .presenterOwns)
            #expect(Self.audit(second).isEmpty)
        } else {
            #expect(second == first)
        }
    }
}
