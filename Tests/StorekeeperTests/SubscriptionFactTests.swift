import AppStoreModels
import Storekeeper
import Testing

@Suite("Subscription facts from status refreshes and receipts")
struct SubscriptionFactTests {
    @Test("a status refresh is dated by its latest signed payload")
    func statusRefresh() throws {
        var apple = SimulatedApple()
        _ = apple.subscribe(.plus)
        var transaction = try #require(apple.current)
        transaction.signedDate = Clock.day(2)
        let renewal = apple.renewalInfo(signed: Clock.day(3))
        let fact = try SubscriptionFact.statusRefresh(status: .active, transaction: transaction, renewalInfo: renewal)
        #expect(fact.signedDate == Clock.day(3))
        #expect(fact.status == .active && fact.refreshedStatus == .active && fact.notification == nil)
        #expect(fact.source == .serverAPI)
        #expect(fact.transaction?.transactionId == transaction.transactionId)
        let state = SubscriptionLifecycle.apply(fact, to: nil).state
        #expect(state.status == StatusObservation(status: .active, signedDate: Clock.day(3)))
        #expect(state.phase == .active)
    }

    @Test("a status refresh that mixes two subscriptions is refused")
    func statusRefreshMismatch() throws {
        var apple = SimulatedApple()
        _ = apple.subscribe(.plus)
        var other = apple.renewalInfo(signed: Clock.day(1))
        other.originalTransactionId = "2000000999999999"
        #expect(throws: FactError.self) {
            try SubscriptionFact.statusRefresh(status: .active, transaction: apple.current, renewalInfo: other)
        }
        #expect(throws: FactError.self) {
            try SubscriptionFact.statusRefresh(status: .active, transaction: nil as AppleTransaction?, renewalInfo: nil)
        }
    }

    @Test("a legacy receipt becomes one fact per auto-renewable subscription")
    func legacyReceipt() throws {
        func transaction(_ id: String, original: String, expires: Bool, signed: Double = 5) -> AppleTransaction {
            AppleTransaction(
                environment: .production, transactionId: id, originalTransactionId: original, webOrderLineItemId: expires ? "9" + id : nil,
                productId: expires ? SimProduct.plus.id : "com.example.gems.100", purchaseDate: Clock.day(1),
                expiresDate: expires ? Clock.day(31) : nil, signedDate: Clock.day(signed), source: .verifyReceipt)
        }
        let older = RenewalInfo(
            environment: .production, originalTransactionId: "100", autoRenewEnabled: true, signedDate: Clock.day(4),
            source: .verifyReceipt)
        var newer = older
        newer.autoRenewEnabled = false
        newer.signedDate = Clock.day(6)
        let facts = SubscriptionFact.legacyReceipt(
            transactions: [
                transaction("100", original: "100", expires: true), transaction("101", original: "100", expires: true),
                transaction("200", original: "200", expires: true), transaction("300", original: "300", expires: false),
            ],
            renewalInfos: [newer, older], source: .verifyReceipt)
        #expect(facts.map(\.originalTransactionId) == ["100", "200"])
        #expect(facts[0].transactions.map(\.transactionId).sorted() == ["100", "101"])
        #expect(facts[0].renewalInfo == newer)
        #expect(facts[0].signedDate == Clock.day(6))
        #expect(facts[1].renewalInfo == nil)
    }

    @Test("a fact about another subscription is refused; foreign records are skipped and reported")
    func identity() throws {
        var apple = SimulatedApple()
        let fact = try #require(apple.subscribe(.plus).fact)
        let state = SubscriptionLifecycle.apply(fact, to: nil).state
        var other = fact
        other.originalTransactionId = "2000000999999999"
        let refused = SubscriptionLifecycle.apply(other, to: state)
        #expect(refused.state == state)
        #expect(refused.actions == [.factIgnored(.identityMismatch)])

        var mixed = try #require(apple.renew().fact)
        var foreign = try #require(mixed.transactions.first)
        foreign.originalTransactionId = "2000000999999999"
        foreign.transactionId = "2000000999999998"
        mixed.transactions.append(foreign)
        let result = SubscriptionLifecycle.apply(mixed, to: state)
        #expect(result.actions.last == .factIgnored(.foreignRecords(1)))
        #expect(result.state.transactions["2000000999999998"] == nil)
        #expect(result.state.view.periods.count == 2)
    }

    @Test("equal signedDates are broken by content, not arrival")
    func ties() throws {
        var apple = SimulatedApple()
        let fact = try #require(apple.subscribe(.plus).fact)
        var twin = fact
        twin.transactions[0].storefront = "CAN"
        let one = SubscriptionLifecycle.apply([fact, twin], to: nil).state
        let other = SubscriptionLifecycle.apply([twin, fact], to: nil).state
        #expect(one == other)
        #expect(one?.transactions.count == 1)
    }
}
