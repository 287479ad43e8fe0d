import AppStoreModels
import Storekeeper
import Testing

/// `seeds/003_*`: the crossgrade double grant and the transaction-ID change on restore.
@Suite("Crossgrade exploit and restored transactions")
struct CrossgradeAndRestoreTests {
    /// Buy vipA, crossgrade to vipB (same level, same duration) ten minutes later: Apple refunds A
    /// pro rata and B starts at once.
    static func exploit(markOld: Bool) -> (apple: SimulatedApple, deliveries: [Delivery]) {
        var apple = SimulatedApple()
        let buyA = apple.subscribe(.plus)
        let idA = apple.currentId ?? ""
        apple.advance(milliseconds: 10 * 60_000)
        let crossgrade = apple.upgrade(to: .plusAlt, markOld: markOld)
        apple.advance(milliseconds: 60_000)
        // Transaction history later shows A as Apple keeps it.
        let oldA = apple.history(idA)
        return (apple, [buyA, crossgrade, oldA])
    }

    static func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let head = rest.remove(at: index)
            return permutations(rest).map { [head] + $0 }
        }
    }

    @Test("buy A then crossgrade to B yields one period of access, in every delivery order", arguments: [true, false])
    func crossgradeGrantsOnePeriod(markOld: Bool) throws {
        let (apple, deliveries) = Self.exploit(markOld: markOld)
        let crossgradeAt = Clock.day(0).adding(milliseconds: 10 * 60_000)
        let bEnds = crossgradeAt.adding(milliseconds: 30 * Clock.day)
        var finals: [SubscriptionState] = []
        for order in Self.permutations(deliveries) {
            var run = LifecycleRun()
            for delivery in order { try run.apply(delivery) }
            let view = run.view
            let a = try run.period(apple.periods[0])
            let b = try run.period(apple.periods[1])
            // A is reported revoked at the crossgrade, with its exact dates.
            #expect(a.purchaseDate == Clock.day(0) && a.expiresDate == Clock.day(30))
            #expect(a.revocation?.kind == .upgraded && a.revocation?.date == crossgradeAt)
            #expect(a.accessEnd == crossgradeAt)
            #expect(b.revocation == nil && b.accessEnd == bEnds)
            // One period of access: from A's purchase to B's expiry, never A's expiry plus B's.
            let total = view.periods.map { $0.accessEnd.millisecondsSince1970 - $0.purchaseDate.millisecondsSince1970 }.reduce(0, +)
            #expect(total == 30 * Clock.day + 10 * 60_000)
            #expect(view.accessWindow == window(Clock.day(0), bEnds, .plusAlt))
            #expect(run.access(at: Clock.day(29)).expiresDate == bEnds)
            #expect(run.access(at: bEnds) == .none)
            #expect(run.access(at: Clock.day(45)) == .none)
            #expect(view.productId == SimProduct.plusAlt.id && view.phase == .active)
            // Each period paid once, A revoked exactly as reported.
            #expect(run.allActions.compactMap(\.paidPeriodKey).sorted() == apple.periods.sorted())
            let revoked = run.allActions.compactMap { action -> PaidPeriod? in
                if case .periodRevoked(let period) = action { return period }
                return nil
            }
            #expect(revoked.last?.periodKey == apple.periods[0])
            #expect(revoked.last?.revocation?.date == crossgradeAt)
            finals.append(try #require(run.state))
        }
        #expect(Set(finals).count == 1)
    }

    @Test("V1 CANCEL on crossgrade (auto_renew_status true): A refunded, B is the access")
    func v1CrossgradeCancel() throws {
        let t0 = Clock.day(0)
        let t1 = t0.adding(milliseconds: 5 * 60_000)
        let a = V1Fixture.record(transaction: "1000000500", wolid: "700", product: .plus, purchase: t0, cancellation: t1)
        let b = V1Fixture.record(transaction: "1000000501", wolid: "701", product: .plusAlt, purchase: t1)
        let initial = V1Fixture.notification(
            .initialBuy, records: [V1Fixture.record(transaction: "1000000500", wolid: "700", product: .plus, purchase: t0)], autoRenew: true
        )
        let cancel = V1Fixture.notification(.cancel, records: [a, b], autoRenew: true, autoRenewProduct: .plusAlt)

        let interpretation = NotificationInterpreter.interpret(v1: cancel)
        #expect(interpretation.cancelKind == .crossgrade)
        #expect(
            interpretation.refresh == [
                RefreshRequest(environment: .production, originalTransactionId: V1Fixture.original, reason: .unsignedSource)
            ])
        guard case .subscription(let cancelFact)? = interpretation.facts.first,
            case .subscription(let buyFact)? = NotificationInterpreter.interpret(v1: initial).facts.first
        else {
            Issue.record("V1 notifications did not become subscription facts")
            return
        }
        #expect(cancelFact.notification?.type == .didChangeRenewalPref && cancelFact.notification?.subtype == .upgrade)
        for order in [[buyFact, cancelFact], [cancelFact, buyFact]] {
            let (state, actions) = SubscriptionLifecycle.apply(order, to: nil)
            let view = try #require(state).view
            let periodA = try #require(view.periods.first { $0.periodKey == "700" })
            #expect(periodA.revocation == RevocationInfo(kind: .refunded, date: t1))
            #expect(view.accessWindow == window(t0, t1.adding(milliseconds: 30 * Clock.day), .plusAlt))
            #expect(actions.compactMap(\.paidPeriodKey).sorted() == ["700", "701"])
            #expect(
                actions.contains(
                    .refreshFromApple(
                        RefreshRequest(environment: .production, originalTransactionId: V1Fixture.original, reason: .unsignedSource))))
        }
    }

    @Test("a restore re-issues the period under a new transaction ID: no second period, no second payment")
    func restoreKeepsOnePeriod() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        try run.apply(apple.renew())
        apple.advance(days: 16)
        let restore = apple.restore()
        let restoredFact = try #require(restore.fact)
        let restoredId = try #require(restoredFact.transaction?.transactionId)
        #expect(!run.view.periods.contains { $0.transactionId == restoredId })
        let actions = try run.apply(restore)
        #expect(actions == [])
        #expect(run.view.periods.count == 2)
        #expect(run.state?.transactions.count == 3)
        #expect(run.allActions.compactMap(\.paidPeriodKey) == apple.periods)
        // The period now names the latest-signed transaction: the restored one.
        #expect(run.view.currentPeriod?.transactionId == restoredId)
        #expect(run.view.currentPeriod?.periodKey == apple.periods[1])

        // Restore delivered before the renewal notification: still one payment per period.
        var early = LifecycleRun()
        var apple2 = SimulatedApple()
        let buy = apple2.subscribe(.plus)
        let renewal = apple2.renew()
        let restore2 = apple2.restore()
        for delivery in [buy, restore2, renewal] { try early.apply(delivery) }
        #expect(early.allActions.compactMap(\.paidPeriodKey) == apple2.periods)
        #expect(early.view.periods.count == 2)
    }

    @Test("legacy records without web_order_line_item_id: same product and purchase second is one period")
    func restoreWithoutWebOrderLineItemId() throws {
        func legacy(_ id: String, purchase: Int64) -> AppleTransaction {
            AppleTransaction(
                environment: .production, transactionId: id, originalTransactionId: "1000000900",
                productId: SimProduct.plus.id, purchaseDate: Timestamp(millisecondsSince1970: purchase),
                expiresDate: Timestamp(millisecondsSince1970: purchase + 30 * Clock.day),
                signedDate: Timestamp(millisecondsSince1970: purchase + 1_000), source: .verifyReceipt)
        }
        // Apple advised that purchase_date_ms's last three digits may differ (seeds/003).
        let facts = SubscriptionFact.legacyReceipt(
            transactions: [legacy("1000000901", purchase: Clock.base + 123), legacy("1000000902", purchase: Clock.base + 999)],
            renewalInfos: [], source: .verifyReceipt)
        #expect(facts.count == 1)
        let (state, actions) = SubscriptionLifecycle.apply(facts, to: nil)
        #expect(try #require(state).view.periods.count == 1)
        #expect(actions.compactMap(\.paidPeriodKey).count == 1)
    }
}
