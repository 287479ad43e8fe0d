import AppStoreModels
import Storekeeper
import Testing

/// A monthly subscription with a 12-month commitment, as Apple documents its life cycle: billed
/// every month, cancelling stops only the commitment's renewal, no grace period, and a refund of
/// an earlier billing leaves the commitment running.
@Suite("12-month commitment billed monthly")
struct CommitmentPlanLifecycleTests {
    @Test("cancelling under a commitment keeps the monthly billings and access to its end, then it expires")
    func cancelWithinTheCommitment() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribeWithCommitment())
        let commitmentEnd = try #require(apple.commitment?.expires)
        try run.apply(apple.renew())
        #expect(run.view.commitment?.billingPeriodNumber == 2)
        #expect(run.view.commitment?.totalBillingPeriods == 12)
        #expect(run.view.commitment?.expiresDate == commitmentEnd)
        #expect(run.view.commitment?.price == SimProduct.plusYearlyMonthly.price * 12)
        #expect(run.view.commitment?.renews == true)

        let cancelled = try run.apply(apple.cancelCommitment())
        #expect(cancelled == [.commitmentRenewalChanged(enabled: false, commitmentExpiresDate: commitmentEnd)])
        #expect(run.view.autoRenewEnabled == true, "Apple keeps autoRenewStatus on: the billings continue")
        #expect(run.view.commitment?.endsWithCommitment == true)
        #expect(run.view.phase == .active)

        var paid = 0
        for _ in 3...12 {
            let actions = try run.apply(apple.renew())
            paid += actions.filter { $0.paidPeriodKey != nil }.count
            #expect(run.view.phase == .active)
            #expect(run.access(at: apple.now.adding(milliseconds: Clock.hour)).isEntitled)
        }
        #expect(paid == 10, "each monthly billing is one paid period")
        #expect(run.view.commitment?.billingPeriodNumber == 12)
        #expect(run.view.periods.allSatisfy { $0.price == 8_990 && $0.isBilledUnderCommitment })

        let expired = try run.apply(apple.expire(.customerCancelled))
        #expect(expired.contains(.expired(.voluntary)))
        #expect(run.access(at: apple.now.adding(milliseconds: Clock.hour)) == .none)
    }

    @Test("the last billing of a cancelled commitment is read as its end once Apple's word comes after it")
    func theLastBillingOfACancelledCommitmentEndsIt() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribeWithCommitment())
        try run.apply(apple.cancelCommitment())
        for _ in 2...12 { try run.apply(apple.renew()) }
        #expect(run.view.phase == .active)
        apple.advanceToPeriodEnd()
        apple.advance(days: 1)
        // Renewal info signed after the final period's end, with no status beside it (the
        // renewal info still says `autoRenewStatus` on: only the commitment's says it ends).
        var late = apple.notify(.didChangeRenewalStatus, .autoRenewDisabled, label: "late renewal info")
        late.payload?.data?.status = nil
        try run.apply(late)
        #expect(run.view.phase == .expired(.voluntary))
    }

    @Test("a billing failure under a commitment stops access at once, whatever the policy; recovery moves the commitment's end")
    func billingRetryUnderACommitment() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribeWithCommitment())
        let commitmentEnd = try #require(apple.commitment?.expires)
        let periodEnd = try #require(apple.periodEnd)
        // Apple applies no grace period here; even a grace date in the renewal info grants none.
        try run.apply(apple.failToRenew(grace: true))
        #expect(run.view.phase == .billingRetry)
        let lenient = SubscriptionPolicy(billingRetryGrantsAccess: true)
        let dayAfter = periodEnd.adding(milliseconds: Clock.day)
        #expect(run.access(at: dayAfter) == .none)
        #expect(run.access(at: dayAfter, policy: lenient) == .none)

        apple.advance(days: 5)
        let recovered = try run.apply(apple.renew())
        #expect(recovered.contains(.billingRecovered))
        #expect(run.view.commitment?.billingPeriodNumber == 2)
        #expect(run.view.commitment?.expiresDate == commitmentEnd.adding(milliseconds: 5 * Clock.day))
        #expect(run.access(at: apple.now.adding(milliseconds: Clock.hour)).isEntitled)
    }

    @Test("a refund of an earlier billing revokes that billing only; a refund of the current one ends the commitment")
    func refundsUnderACommitment() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribeWithCommitment())
        let first = try #require(apple.currentId)
        try run.apply(apple.renew())
        try run.apply(apple.renew())
        apple.advance(days: 2)
        try run.apply(apple.refund(first))
        #expect(try run.period(apple.periods[0]).revocation?.kind == .refunded)
        #expect(run.view.phase == .active)
        #expect(run.view.commitment?.billingPeriodNumber == 3)
        #expect(run.access(at: apple.now).isEntitled)

        try run.apply(apple.refund())
        #expect(run.view.phase.name == "revoked")
        #expect(run.access(at: apple.now.adding(milliseconds: Clock.hour)) == .none)
    }

    @Test("a subscription billed up front has no commitment, and billing retry follows the policy")
    func billedUpFrontIsAnOrdinarySubscription() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plusYearly))
        #expect(run.view.commitment == nil)
        let periodEnd = try #require(apple.periodEnd)
        try run.apply(apple.failToRenew(grace: false))
        let lenient = SubscriptionPolicy(billingRetryGrantsAccess: true)
        #expect(run.access(at: periodEnd.adding(milliseconds: Clock.day), policy: lenient).isEntitled)
    }
}
