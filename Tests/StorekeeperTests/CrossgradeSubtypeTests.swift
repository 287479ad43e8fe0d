import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Apple's `UPGRADE` subtype is its word that a change took effect at once (an upgrade, or a
/// crossgrade to a subscription of the same duration), however little was left of the old
/// period: the sandbox's five-minute month, or a calendar month's last hours.
@Suite("Immediate changes by Apple's subtype")
struct CrossgradeSubtypeTests {
    /// A bought, then crossgraded to B `lead` before A's end; only the notifications arrive (A's
    /// own record is never re-signed `isUpgraded`).
    static func lateCrossgrade(lead: Int64) -> (apple: SimulatedApple, deliveries: [Delivery], at: Timestamp) {
        var apple = SimulatedApple()
        let buyA = apple.subscribe(.plus)
        apple.advance(milliseconds: 30 * Clock.day - lead)
        let at = apple.now
        let crossgrade = apple.upgrade(to: .plusAlt, markOld: false)
        return (apple, [buyA, crossgrade], at)
    }

    @Test(
        "the old period ends when the new one starts, in every delivery order", arguments: [Int64](arrayLiteral: 2 * Clock.hour, 4 * 60_000)
    )
    func lateCrossgradeReplacesThePeriod(lead: Int64) throws {
        let (apple, deliveries, at) = Self.lateCrossgrade(lead: lead)
        for order in CrossgradeAndRestoreTests.permutations(deliveries) {
            var run = LifecycleRun()
            for delivery in order { try run.apply(delivery) }
            let a = try run.period(apple.periods[0])
            #expect(a.revocation == RevocationInfo(kind: .upgraded, date: at), "\(order.map(\.label))")
            #expect(a.accessEnd == at)
            let revoked = run.allActions.compactMap { action -> String? in
                if case .periodRevoked(let period) = action { return period.periodKey }
                return nil
            }
            #expect(revoked == [apple.periods[0]])
        }
        var inOrder = LifecycleRun()
        for delivery in deliveries { try inOrder.apply(delivery) }
        let kinds = inOrder.allActions.compactMap { action -> RenewalPreferenceChange.Kind? in
            if case .renewalPreferenceChanged(let change) = action { return change.kind }
            return nil
        }
        #expect(kinds == [.immediate])
    }

    /// A renewal to another product (a downgrade taking effect) charged shortly before the old
    /// period's end is no replacement: it carries no `UPGRADE`, so the old period stands.
    @Test("a period of another product without Apple's UPGRADE replaces nothing")
    func scheduledChangeIsNoReplacement() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        try run.apply(apple.scheduleChange(to: .plusAlt))
        apple.advanceToPeriodEnd()
        try run.apply(apple.renew())
        #expect(try run.period(apple.periods[0]).revocation == nil)
    }

    /// States stored before Storekeeper kept Apple's `UPGRADE` word decode unchanged, and the word
    /// survives a round trip.
    @Test("stored states with and without the register decode")
    func storedStatesDecode() throws {
        let (_, deliveries, _) = Self.lateCrossgrade(lead: 2 * Clock.hour)
        var run = LifecycleRun()
        for delivery in deliveries { try run.apply(delivery) }
        let state = try #require(run.state)
        #expect(!state.immediateChanges.isEmpty)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(SubscriptionState.self, from: data) == state)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["immediateChanges"] = nil
        let older = try JSONDecoder().decode(
            SubscriptionState.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(older.immediateChanges.isEmpty)
        #expect(older.transactions == state.transactions)
    }
}
