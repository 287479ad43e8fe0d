import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// One Apple account behind several app accounts: who is linked, who is told, and that a
/// customer already linked, a placeholder or an account that was not loaded writes nothing.
@Suite struct AppleAccountSharingTests {
    typealias Plans = PurchasePlannerTests
    static let carol = CustomerID(rawValue: "carol")!
    static let account = AppleAccountKey(environment: .sandbox, appTransactionId: "app-1")

    static func purchase(_ productId: String) -> AppleTransaction {
        var transaction = Plans.purchase(productId)
        transaction.appTransactionId = account.appTransactionId
        return transaction
    }

    static func links(_ plan: PurchasePlan) -> [CustomerID] {
        plan.effects.compactMap { if case .linkAppleAccount(account, let customer) = $0 { customer } else { nil } }
    }

    static func shared(_ plan: PurchasePlan) -> [(CustomerID?, String?)] {
        plan.effects.compactMap {
            if case .audit(let event) = $0, event.kind == AppleAccountSharing.sharedKind {
                (event.customerId, event.details["sharedWith"])
            } else {
                nil
            }
        }
    }

    @Test func theFirstCustomerIsLinkedAndToldNothing() {
        let link = AppleAccountSharing.link(Plans.alice, to: Self.account, linked: [])
        #expect(link == AppleAccountLink(account: Self.account, customer: Plans.alice, sharedWith: []))
        #expect(AppleAccountSharing.audit(of: link!, purchase: Plans.key, actor: .apple, fact: "f", now: Plans.now).isEmpty)
    }

    @Test func aLinkedCustomerOrAPlaceholderIsNotLinkedAgain() {
        #expect(AppleAccountSharing.link(Plans.alice, to: Self.account, linked: [Plans.bob, Plans.alice]) == nil)
        #expect(AppleAccountSharing.link(Plans.placeholder, to: Self.account, linked: [Plans.alice]) == nil)
    }

    @Test func aSecondCustomerTellsEveryoneAlreadyBehindTheAccount() throws {
        let link = try #require(
            AppleAccountSharing.link(Self.carol, to: Self.account, linked: [Plans.placeholder, Plans.bob, Plans.alice]))
        #expect(link.sharedWith == [Plans.alice, Plans.bob], "placeholders are nobody; sorted")
        let events = AppleAccountSharing.audit(of: link, purchase: Plans.key, actor: .apple, fact: "f", now: Plans.now)
        #expect(events.map(\.customerId) == [Self.carol, Plans.alice, Plans.bob])
        #expect(events.map { $0.details["sharedWith"] } == ["alice,bob", "carol", "carol"])
        #expect(events.allSatisfy { $0.kind == "appleAccount.shared" && $0.details["appleAccount"] == "app-1" })
        #expect(events.allSatisfy { $0.details["purchase"] == "Sandbox:o-1" && $0.subject == "appleAccount:Sandbox:app-1" })
    }

    /// Bob buys gems of his own with the Apple account Alice bought with: no ownership question,
    /// but both are told; the link is written once although the presentation records the
    /// purchase too.
    @Test func aNewPurchaseOnAnotherCustomersAppleAccountIsShared() throws {
        let transaction = Self.purchase("gems")
        var workspace = PurchaseWorkspace(owners: [Plans.key: nil], transactions: [Plans.ref: nil], openOrders: [Plans.bob: []])
        workspace.appleAccounts = [Self.account: [Plans.alice]]
        let snapshot = PurchaseSnapshot(presenter: Plans.bob, purchases: [Plans.key], appleAccounts: [Self.account])
        let plan = try Plans.planner().presented(
            [transaction], renewals: [], by: Plans.bob, orderId: nil, snapshot: snapshot, in: workspace)
        #expect(Self.links(plan) == [Plans.bob])
        #expect(Self.shared(plan).map(\.0) == [Plans.bob, Plans.alice])
        #expect(Self.shared(plan).map(\.1) == ["alice", "bob"])
    }

    /// Bob presents Alice's purchase: whatever the transfer policy decides about the purchase,
    /// Bob is behind Alice's Apple account.
    @Test(arguments: [TransferPolicy.transfer, .keep, .refuse])
    func presentingAnotherCustomersPurchaseLinksThePresenter(policy: TransferPolicy) throws {
        let transaction = Self.purchase("no.ads")
        var workspace = PurchaseWorkspace(
            owners: [Plans.key: Plans.alice], transactions: [Plans.ref: Plans.stored(transaction, for: Plans.alice)],
            openOrders: [Plans.alice: [], Plans.bob: []])
        workspace.appleAccounts = [Self.account: [Plans.alice]]
        let snapshot = PurchaseSnapshot(
            presenter: Plans.bob, purchases: [Plans.key], owners: [Plans.key: Plans.alice], appleAccounts: [Self.account])
        let plan = try Plans.planner(AppPolicy(transfer: policy)).presented(
            [transaction], renewals: [], by: Plans.bob, orderId: nil, snapshot: snapshot, in: workspace)
        #expect(Self.links(plan) == [Plans.bob])
        #expect(Self.shared(plan).map(\.0) == [Plans.bob, Plans.alice])
    }

    /// A renewal for the owner needs no account: the snapshot does not lock or load one, and
    /// the planner writes no link for an account it was not given.
    @Test func aRenewalOfTheOwnersPurchaseTouchesNoAccount() throws {
        let transaction = Self.purchase("pro.monthly")
        #expect(
            PurchaseSnapshot.joinableAppleAccounts(of: [transaction], gainer: Plans.alice, owners: [Plans.key: Plans.alice]).isEmpty)
        #expect(
            PurchaseSnapshot.joinableAppleAccounts(of: [transaction], gainer: Plans.placeholder, owners: [:]).isEmpty,
            "a placeholder joins nothing")
        #expect(
            PurchaseSnapshot.joinableAppleAccounts(of: [transaction], gainer: Plans.bob, owners: [Plans.key: Plans.alice]) == [Self.account]
        )
        let workspace = PurchaseWorkspace(
            owners: [Plans.key: Plans.alice], transactions: [Plans.ref: Plans.stored(transaction, for: Plans.alice)],
            openOrders: [Plans.alice: []])
        let plan = try Plans.planner().fromApple([transaction], recipient: Plans.alice, in: workspace)
        #expect(Self.links(plan).isEmpty && Self.shared(plan).isEmpty)
    }
}
