import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Generates a plausible subscription lifecycle: what Apple would send, in `signedDate` order.
struct LifecycleGenerator {
    var random: SplitMix64
    var apple: SimulatedApple
    var deliveries: [Delivery] = []
    var refunded: [String] = []

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        apple = SimulatedApple(originalTransactionId: String(2_000_000_000_000_000 + seed), serial: Int64(seed % 1_000))
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    mutating func generate() -> [Delivery] {
        if chance(0.1) { apple.ownership = .familyShared }
        let length = Int.random(in: 5...40, using: &random)
        let offer: SimOffer? = chance(0.4) ? pick([.freeTrial, .introPayAsYouGo, .code]) : nil
        deliveries.append(apple.subscribe(pick([SimProduct.plus, .pro, .plusAlt]), offer: offer))
        while deliveries.count < length {
            step()
        }
        return deliveries
    }

    private mutating func emit(_ delivery: Delivery) {
        if delivery.fact != nil { deliveries.append(delivery) }
    }

    private mutating func midPeriod() {
        guard let end = apple.periodEnd, end > apple.now else { return }
        let room = end.millisecondsSince1970 - apple.now.millisecondsSince1970
        apple.advance(milliseconds: Int64.random(in: 0...(room / 3), using: &random) + 60_000)
    }

    private mutating func step() {
        switch apple.standing {
        case .none, .expired:
            apple.advance(days: Double(Int.random(in: 1...40, using: &random)))
            emit(apple.subscribe(pick([SimProduct.plus, .pro, .plusYearly]), offer: chance(0.3) ? .winBack : nil))
        case .revoked:
            if let last = refunded.last, chance(0.5) {
                apple.advance(days: 1)
                emit(apple.reverseRefund(last))
                refunded.removeLast()
            } else {
                apple.advance(days: Double(Int.random(in: 1...20, using: &random)))
                emit(apple.subscribe(pick([SimProduct.plus, .pro]), offer: nil))
            }
        case .grace:
            if chance(0.6) {
                apple.advance(days: Double(Int.random(in: 1...10, using: &random)))
                emit(apple.renew())
            } else {
                emit(apple.expireGracePeriod())
            }
        case .retry:
            if chance(0.5) {
                apple.advance(days: Double(Int.random(in: 1...20, using: &random)))
                emit(apple.renew())
            } else {
                apple.advance(days: 30)
                emit(apple.expire(.billingError))
            }
        case .active:
            activeStep()
        }
    }

    private mutating func activeStep() {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<30:
            // The period ends.
            if !apple.autoRenew {
                emit(apple.expire(.customerCancelled))
            } else if apple.priceIncreaseStatus == .notResponded, chance(0.5) {
                emit(apple.expire(.didNotConsentToPriceIncrease))
            } else if chance(0.75) {
                emit(apple.renew(offer: chance(0.1) ? .promo : nil))
            } else {
                emit(apple.failToRenew(grace: chance(0.6)))
            }
        case 30..<40:
            midPeriod()
            emit(apple.setAutoRenew(!apple.autoRenew))
        case 40..<48:
            midPeriod()
            let higher = SimProduct.all.filter { $0.level < apple.product.level }
            let same = SimProduct.all.filter { $0.level == apple.product.level && $0.days == apple.product.days && $0 != apple.product }
            if let target = (higher + same).randomElement(using: &random) {
                emit(apple.upgrade(to: target, offer: chance(0.2) ? .promo : nil, markOld: chance(0.5)))
            }
        case 48..<55:
            midPeriod()
            if apple.autoRenewProduct != nil, chance(0.4) {
                emit(apple.cancelScheduledChange())
            } else if let target = SimProduct.all.filter({
                $0.level > apple.product.level || ($0.level == apple.product.level && $0.days != apple.product.days)
            }).randomElement(using: &random) {
                emit(apple.scheduleChange(to: target, offer: chance(0.2) ? .promo : nil))
            }
        case 55..<62:
            midPeriod()
            emit(apple.priceIncrease(apple.priceIncreaseStatus == .notResponded ? .consentedOrNotified : .notResponded, price: 12_990))
        case 62..<67:
            midPeriod()
            emit(apple.extend(days: Int64.random(in: 1...14, using: &random)))
        case 67..<75:
            // Refund the current period or an earlier one.
            midPeriod()
            let candidates = apple.transactions.values.filter { $0.revocationDate == nil && $0.isUpgraded != true }
            if let target = candidates.randomElement(using: &random)?.transactionId {
                if apple.ownership == .familyShared, apple.isCurrentPeriod(target) {
                    emit(apple.familyRevoke())
                } else {
                    emit(apple.refund(target, reason: chance(0.5) ? .appIssue : .other))
                }
                refunded.append(target)
            }
        case 75..<80:
            if let last = refunded.last {
                midPeriod()
                emit(apple.reverseRefund(last))
                refunded.removeLast()
            } else {
                emit(apple.declineRefund(apple.currentId ?? ""))
            }
        case 80..<86:
            midPeriod()
            emit(apple.restore())
        case 86..<92:
            emit(apple.statusRefresh(tie: chance(0.5)))
        case 92..<96:
            if let id = apple.transactions.keys.sorted().randomElement(using: &random) { emit(apple.history(id)) }
        default:
            midPeriod()
            emit(apple.redeemOffer(.promo))
        }
    }
}

@Suite("Lifecycle properties")
struct LifecyclePropertyTests {
    static let seeds: [UInt64] = Array(1...600)

    @Test("order and duplicates do not matter; each period is paid exactly once", arguments: [0..<150, 150..<300, 300..<450, 450..<600])
    func orderIndependence(_ range: Range<Int>) throws {
        for seed in Self.seeds[range] {
            var generator = LifecycleGenerator(seed: seed)
            let deliveries = generator.generate()
            let facts = deliveries.compactMap(\.fact)
            #expect(facts.count == deliveries.count)
            #expect((5...40).contains(facts.count), "seed \(seed)")
            #expect(zip(facts, facts.dropFirst()).allSatisfy { $0.signedDate <= $1.signedDate }, "seed \(seed)")

            // Reference: each fact once, in signedDate order.
            let (reference, referenceActions) = SubscriptionLifecycle.apply(facts, to: nil)
            let issued = generator.apple.periods.sorted()
            #expect(referenceActions.compactMap(\.paidPeriodKey).sorted() == issued, "seed \(seed)")
            #expect(reference?.view.periods.map(\.periodKey).sorted() == issued, "seed \(seed)")
            try checkInvariants(try #require(reference), apple: generator.apple, seed: seed)

            // Shuffled deliveries with random duplicates.
            var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D)
            for round in 0..<3 {
                var shuffled = facts
                for fact in facts where Double.random(in: 0..<1, using: &random) < 0.3 {
                    shuffled.append(fact)
                }
                shuffled.shuffle(using: &random)
                let (state, actions) = SubscriptionLifecycle.apply(shuffled, to: nil)
                #expect(state == reference, "seed \(seed) round \(round)")
                #expect(actions.compactMap(\.paidPeriodKey).sorted() == issued, "seed \(seed) round \(round)")
                #expect(!actions.contains { if case .factIgnored = $0 { true } else { false } }, "seed \(seed)")
            }
        }
    }

    /// What the final state must say about what Apple did.
    func checkInvariants(_ state: SubscriptionState, apple: SimulatedApple, seed: UInt64) throws {
        let view = state.view
        // Access windows never overlap and periods never add time beyond their own.
        for (earlier, later) in zip(view.accessWindows, view.accessWindows.dropFirst()) {
            #expect(earlier.end < later.start, "seed \(seed): overlapping windows")
        }
        for period in view.periods {
            #expect(period.accessEnd <= (period.expiresDate ?? period.accessEnd), "seed \(seed)")
            if let revocation = period.revocation { #expect(period.accessEnd <= revocation.date, "seed \(seed)") }
        }
        // The phase agrees with Apple's side of the story.
        switch apple.standing {
        case .active, .none: #expect(view.phase.isInGoodStanding, "seed \(seed): \(view.phase)")
        case .grace: #expect(view.phase.name == "gracePeriod", "seed \(seed): \(view.phase)")
        case .retry: #expect(view.phase == .billingRetry, "seed \(seed): \(view.phase)")
        case .expired: #expect(view.phase.name == "expired", "seed \(seed): \(view.phase)")
        case .revoked: #expect(view.phase.name == "revoked", "seed \(seed): \(view.phase)")
        }
        #expect(view.productId == apple.product.id, "seed \(seed)")
        #expect(view.autoRenewEnabled == apple.autoRenew, "seed \(seed)")
        // Access ends where Apple's current period (or grace) ends.
        if apple.standing == .active, let end = apple.periodEnd, let current = view.currentPeriod {
            #expect(current.accessEnd == end, "seed \(seed)")
            #expect(state.access(at: end.adding(milliseconds: -1)).isEntitled, "seed \(seed)")
        }
    }

    @Test("the generated lifecycles mix every kind of event")
    func generatorCoverage() {
        var counts: [String: Int] = [:]
        var lengths: [Int] = []
        for seed in Self.seeds {
            var generator = LifecycleGenerator(seed: seed)
            let deliveries = generator.generate()
            lengths.append(deliveries.count)
            for delivery in deliveries { counts[delivery.label, default: 0] += 1 }
        }
        let required = [
            "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/RESUBSCRIBE", "DID_RENEW", "DID_RENEW/BILLING_RECOVERY",
            "DID_FAIL_TO_RENEW", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "EXPIRED/VOLUNTARY",
            "EXPIRED/BILLING_RETRY", "EXPIRED/PRICE_INCREASE", "DID_CHANGE_RENEWAL_PREF/UPGRADE", "OFFER_REDEEMED/UPGRADE",
            "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "OFFER_REDEEMED/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
            "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED", "RENEWAL_EXTENDED", "REFUND", "REFUND_REVERSED",
            "REFUND_DECLINED", "REVOKE", "OFFER_REDEEMED", "restore", "status refresh", "status refresh (tie)", "history",
        ]
        for label in required {
            #expect(counts[label, default: 0] >= 10, "\(label) appears \(counts[label, default: 0]) times")
        }
        #expect(lengths.min() == 5 && lengths.max() == 40)
    }

    @Test("applying a fact twice in a row: the second is a no-op")
    func idempotence() throws {
        for seed in Self.seeds.prefix(100) {
            var generator = LifecycleGenerator(seed: seed)
            var state: SubscriptionState?
            for fact in generator.generate().compactMap(\.fact) {
                let first = SubscriptionLifecycle.apply(fact, to: state)
                let second = SubscriptionLifecycle.apply(fact, to: first.state)
                #expect(second.state == first.state, "seed \(seed)")
                #expect(second.actions == [], "seed \(seed)")
                state = first.state
            }
        }
    }

    @Test("the state round-trips through JSON")
    func codable() throws {
        var generator = LifecycleGenerator(seed: 42)
        let (state, _) = SubscriptionLifecycle.apply(generator.generate().compactMap(\.fact), to: nil)
        let original = try #require(state)
        let data = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(SubscriptionState.self, from: data)
        #expect(decoded == original)
        #expect(decoded.view == original.view)
    }
}
