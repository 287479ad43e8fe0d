import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Operators' grants without a store: terms (ISO 8601 durations, seconds, an end date), which
/// entitlements may be granted, early revocation, and the derived grants they contribute.
@Suite struct OperatorGrantRulesTests {
    static let alice = CustomerID(rawValue: "alice")!
    static let now = Timestamp(millisecondsSince1970: 1_767_225_600_000)  // 2026-01-01T00:00:00Z
    static let catalog = try! Catalog(products: [
        Product(
            id: "pro.monthly", kind: .autoRenewableSubscription, entitlements: ["pro"], duration: Period(months: 1),
            subscriptionGroup: "pro"),
        Product(id: "pro.lifetime", kind: .nonConsumable, entitlements: ["pro"]),
        Product(id: "gems", kind: .consumable, currencies: ["gems": 100]),
    ])

    static func grant(_ term: OperatorGrantTerm, productId: String? = nil, entitlement: String = "pro") throws -> OperatorGrant {
        try OperatorGrantRules.grant(
            appId: "demo", customerId: alice, entitlement: entitlement, productId: productId, term: term, catalog: catalog,
            environment: .production, operatorName: "ann", reason: "outage", at: now)
    }

    static let durations: [(String, Int64)] = [
        ("P7D", 604_800_000), ("PT12H", 43_200_000), ("P1DT2H30M", 95_400_000), ("P1M", 2_678_400_000), ("PT90S", 90_000),
    ]

    @Test(arguments: durations)
    func iso8601DurationsEndWhereTheCalendarSays(_ text: String, _ milliseconds: Int64) throws {
        let grant = try Self.grant(try OperatorGrantTerm.iso8601(text))
        #expect(grant.expiresAt.millisecondsSince1970 - grant.startsAt.millisecondsSince1970 == milliseconds)
    }

    @Test(arguments: ["", "P", "7D", "PT", "P1H", "PT1D", "P-1D", "P1DT", "PT1H2", "P0D", "PT0S"])
    func malformedDurationsAreRefused(_ text: String) {
        let error = #expect(throws: OperatorGrantError.self) {
            _ = try Self.grant(try OperatorGrantTerm.iso8601(text))
        }
        #expect(error?.code == .invalidTerm)
    }

    @Test func secondsAndEndDatesBoundTheGrant() throws {
        #expect(try Self.grant(.seconds(3_600)).expiresAt == Self.now.adding(milliseconds: 3_600_000))
        let until = Self.now.adding(milliseconds: 5_000)
        #expect(try Self.grant(.until(until)).expiresAt == until)
        for term: () throws -> OperatorGrantTerm in [{ try .seconds(0) }, { try .seconds(-5) }] {
            #expect(throws: OperatorGrantError.self) { _ = try term() }
        }
        #expect(throws: OperatorGrantError.self) { _ = try Self.grant(.until(Self.now)) }
        #expect(throws: OperatorGrantError.self) { _ = try Self.grant(.until(Self.now.adding(milliseconds: 11 * 365 * 86_400_000))) }
    }

    @Test func onlyEntitlementsTheCatalogGrantsMayBeGranted() throws {
        #expect(try Self.grant(.seconds(60)).productId == "pro.lifetime", "the first product granting it, by id")
        #expect(try Self.grant(.seconds(60), productId: "pro.monthly").productId == "pro.monthly")
        for (entitlement, product) in [("vip", nil), ("pro", "gems"), ("pro", "nothing")] as [(String, String?)] {
            let error = #expect(throws: OperatorGrantError.self) {
                _ = try Self.grant(.seconds(60), productId: product, entitlement: entitlement)
            }
            #expect(error?.code == .unknownEntitlement)
        }
    }

    @Test func aRevokedGrantEndsAtItsRevocationAndIsRevokedOnce() throws {
        let grant = try Self.grant(.seconds(3_600))
        #expect(grant.isActive(at: Self.now))
        #expect(grant.entitlementGrant?.source.description == "operator:ann")
        #expect(grant.entitlementGrant?.source.operatorGrantId == grant.id)
        let later = Self.now.adding(milliseconds: 60_000)
        let revoked = try OperatorGrantRules.revoke(grant, by: "bea", reason: "mistake", at: later)
        #expect(revoked.endsAt == later)
        #expect(!revoked.isActive(at: later))
        #expect(revoked.entitlementGrant?.expiresAt == later)
        #expect(revoked.revokedBy == "bea")
        #expect(
            (#expect(throws: OperatorGrantError.self) { _ = try OperatorGrantRules.revoke(revoked, by: "bea", reason: "x", at: later) })?
                .code == .alreadyRevoked)
        let afterExpiry = grant.expiresAt
        #expect(
            (#expect(throws: OperatorGrantError.self) { _ = try OperatorGrantRules.revoke(grant, by: "bea", reason: "x", at: afterExpiry) })?
                .code == .alreadyEnded)
    }

    @Test func onlyTheAppsOwnGrantsAreDerived() throws {
        let mine = try Self.grant(.seconds(60))
        var theirs = try Self.grant(.seconds(60))
        theirs.appId = "other"
        let derived = OperatorGrantRules.entitlementGrants([theirs, mine], apps: ["demo"])
        #expect(derived.map(\.source.operatorGrantId) == [mine.id])
        // The apps of one group share their customers, and what operators granted them.
        let grouped = OperatorGrantRules.entitlementGrants([theirs, mine], apps: ["demo", "other"])
        #expect(Set(grouped.map(\.source.operatorGrantId)) == [mine.id, theirs.id])
        // Apple's sources are never taken for an operator's.
        #expect(GrantSource(environment: .sandbox, originalTransactionId: "2000000001", transactionId: "2000000002").operatorGrantId == nil)
    }

    @Test func anAdjustmentBalancesAgainstTheAdjustmentAccount() throws {
        let entry = try Wallet.adjustment(
            Self.alice, currency: "gems", amount: 80, key: "adjustment:demo:k1", operatorName: "ann", memo: "refund after spending",
            at: Self.now)
        #expect(entry.kind == .adjustment)
        #expect(entry.customerDelta == 80)
        #expect(entry.postings.contains { $0.account == .adjustment("gems") && $0.amount == -80 })
        #expect(entry.reference == "operator:ann")
        #expect(LedgerAccount(name: LedgerAccount.adjustment("gems").description) == .adjustment("gems"))
        #expect(throws: WalletError.self) {
            _ = try Wallet.adjustment(Self.alice, currency: "gems", amount: 0, key: "k", operatorName: "ann", memo: "m", at: Self.now)
        }
        for amount in [Wallet.maximumAdjustment + 1, -Wallet.maximumAdjustment - 1, .min, .max] {
            #expect(throws: WalletError.self) {
                _ = try Wallet.adjustment(
                    Self.alice, currency: "gems", amount: amount, key: "k", operatorName: "ann", memo: "m", at: Self.now)
            }
        }
        #expect(Wallet.adjustmentRequiresNonNegative(amount: -1, policy: .clamp))
        #expect(!Wallet.adjustmentRequiresNonNegative(amount: -1, policy: .allowNegative))
        #expect(!Wallet.adjustmentRequiresNonNegative(amount: 1, policy: .clamp))
    }
}
