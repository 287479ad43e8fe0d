import AppStoreModels
import Storekeeper
import Testing

/// How recomputed grants differ from the stored ones, and the trail of it.
@Suite struct GrantChangeTests {
    static let alice = CustomerID(rawValue: "alice")!

    static func grant(_ entitlement: String, transaction: String, expires: Int64?) -> EntitlementGrant {
        EntitlementGrant(
            customerId: alice, entitlement: entitlement, productId: "p-\(entitlement)",
            source: GrantSource(environment: .sandbox, originalTransactionId: "o-\(entitlement)", transactionId: transaction),
            startsAt: Timestamp(millisecondsSince1970: 0), expiresAt: expires.map(Timestamp.init(millisecondsSince1970:)))
    }

    @Test func theSameGrantsAreNoChange() {
        let grants = [Self.grant("pro", transaction: "t-1", expires: 10), Self.grant("no_ads", transaction: "t-2", expires: nil)]
        let change = GrantChange(before: grants, after: grants.reversed())
        #expect(change.isEmpty)
        #expect(change.audit(of: Self.alice, actor: .apple, fact: "f", now: Timestamp(millisecondsSince1970: 1)).isEmpty)
    }

    @Test func addedAndRemovedGrantsAreAuditedSorted() {
        let change = GrantChange(
            before: [Self.grant("vip", transaction: "t-3", expires: nil)],
            after: [Self.grant("pro", transaction: "t-1", expires: 10), Self.grant("no_ads", transaction: "t-2", expires: nil)])
        #expect(change.added.map(\.entitlement) == ["no_ads", "pro"])
        #expect(change.removed.map(\.entitlement) == ["vip"])
        let events = change.audit(of: Self.alice, actor: .apple, fact: "f", now: Timestamp(millisecondsSince1970: 1))
        #expect(events.map(\.kind) == ["entitlement.granted", "entitlement.granted", "entitlement.removed"])
        #expect(events.map(\.subject) == ["no_ads", "pro", "vip"])
        #expect(events.map { $0.details["expiresAt"] } == ["never", "10", nil])
    }

    /// A renewal extends a grant from the same purchase: it reads as a grant, not a removal too.
    @Test func aRenewedGrantIsNotAuditedAsRemoved() {
        let change = GrantChange(
            before: [Self.grant("pro", transaction: "t-1", expires: 10)], after: [Self.grant("pro", transaction: "t-1", expires: 20)])
        #expect(change.added.count == 1 && change.removed.count == 1)
        let events = change.audit(of: Self.alice, actor: .apple, fact: "f", now: Timestamp(millisecondsSince1970: 1))
        #expect(events.map(\.kind) == ["entitlement.granted"])
    }
}
