import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// Get Transaction History (v2) through the client: each filter against a customer whose
/// purchases, renewals, refunds and family sharing the test made, and `revision` pagination.
@Suite("App Store Server API client against the simulator: transaction history")
struct TransactionHistoryTests {
    /// What the scenario bought for the sandbox customer (alice) and shared with carol.
    struct Scenario {
        var t0: Timestamp
        var renewedAt: Timestamp
        var t1: Timestamp
        var gems: [String]
        var refundedGem: String
        var removeAds: String
        var seasonPass: String
        var monthly: String
        var renewal: String
        var sharedRemoveAds: String
        var carolGems: String

        var all: Set<String> { Set(gems + [removeAds, seasonPass, monthly, renewal]) }
    }

    /// alice at t0: 3 gems, removeAds, seasonPass, monthly; a month later the renewal; at t1 a
    /// fourth gem; the second gem refunded. carol gets removeAds and monthly through Family
    /// Sharing and buys a gem herself.
    static func makeScenario(_ h: SimulatorHarness) async throws -> Scenario {
        let alice = SimulatorHarness.customer(.sandbox)
        let carol = SimulatorHarness.familyMember(.sandbox)
        let t0 = h.simulator.now()
        var gems: [String] = []
        for _ in 0..<3 { gems.append(try await h.buy(DemoCatalog.gems, account: alice)) }
        let removeAds = try await h.simulator.purchase(
            PurchaseRequest(accountId: alice, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.removeAds))
        let seasonPass = try await h.buy(DemoCatalog.seasonPass, account: alice)
        let monthly = try await h.buy(DemoCatalog.monthly, account: alice)
        let renewedAt = try #require(h.simulator.subscription(originalTransactionId: monthly)?.expiresDate)
        try await h.simulator.advance(by: .oneMonth)
        try await h.advanceSimulated(seconds: 3600)
        let renewal = try #require(h.simulator.subscription(originalTransactionId: monthly)?.latestTransactionId)
        let t1 = h.simulator.now()
        gems.append(try await h.buy(DemoCatalog.gems, account: alice))
        try await h.simulator.refund(transactionId: gems[1], reason: .appIssue)
        let carolGems = try await h.buy(DemoCatalog.gems, account: carol)
        return Scenario(
            t0: t0, renewedAt: renewedAt, t1: t1, gems: gems, refundedGem: gems[1],
            removeAds: try #require(removeAds.transaction.transactionId), seasonPass: seasonPass, monthly: monthly,
            renewal: renewal, sharedRemoveAds: try #require(removeAds.familyTransactionIds.first), carolGems: carolGems)
    }

    /// Walks every page for `request` and returns the verified transactions in order.
    static func walk(
        _ h: SimulatorHarness, _ api: AppStoreServerAPIClient, from transactionId: String,
        _ request: TransactionHistoryRequest = TransactionHistoryRequest()
    ) async throws -> [JWSTransactionDecodedPayload] {
        let verifier = try h.verifier(.sandbox)
        return try await api.allSignedTransactions(transactionId: transactionId, request: request).map {
            try verifier.verifyTransaction($0)
        }
    }

    static func ids(_ transactions: [JWSTransactionDecodedPayload]) -> [String] {
        transactions.compactMap(\.transactionId)
    }

    @Test("no filter: every transaction of the customer, ascending by modification")
    func unfiltered() async throws {
        try await SimulatorHarness.with { h in
            let s = try await Self.makeScenario(h)
            let api = try h.apiClient(.sandbox)
            let page = try await api.getTransactionHistory(transactionId: s.gems[0])
            #expect(page.hasMore == false)
            #expect(page.bundleId == DemoCatalog.bundleId && page.environment == .sandbox)
            let all = try await Self.walk(h, api, from: s.seasonPass)
            #expect(Set(Self.ids(all)) == s.all)
            #expect(Self.ids(all).count == s.all.count)
            #expect(Self.ids(all).last == s.refundedGem, "the refund modified it last")
            #expect(!Self.ids(all).contains(s.carolGems) && !Self.ids(all).contains(s.sharedRemoveAds))
        }
    }

    @Test("productType, productId and subscriptionGroupIdentifier filters")
    func productFilters() async throws {
        try await SimulatorHarness.with { h in
            let s = try await Self.makeScenario(h)
            let api = try h.apiClient(.sandbox)
            let cases: [(TransactionHistoryRequest, Set<String>)] = [
                (TransactionHistoryRequest(productType: [.consumable]), Set(s.gems)),
                (TransactionHistoryRequest(productType: [.nonConsumable, .nonRenewable]), [s.removeAds, s.seasonPass]),
                (TransactionHistoryRequest(productType: [.autoRenewable]), [s.monthly, s.renewal]),
                (TransactionHistoryRequest(productId: [DemoCatalog.gems]), Set(s.gems)),
                (
                    TransactionHistoryRequest(productId: [DemoCatalog.monthly, DemoCatalog.seasonPass]),
                    [s.monthly, s.renewal, s.seasonPass]
                ),
                (TransactionHistoryRequest(productId: [DemoCatalog.yearly]), []),
                (TransactionHistoryRequest(subscriptionGroupIdentifier: [DemoCatalog.groupId]), [s.monthly, s.renewal]),
                (TransactionHistoryRequest(subscriptionGroupIdentifier: ["99999999"]), []),
                (TransactionHistoryRequest(productId: [DemoCatalog.gems], productType: [.autoRenewable]), []),
            ]
            for (request, expected) in cases {
                let found = Self.ids(try await Self.walk(h, api, from: s.monthly, request))
                #expect(Set(found) == expected, "\(request.queryItems)")
                #expect(found.count == expected.count, "each once: \(request.queryItems)")
            }
        }
    }

    @Test("startDate and endDate bound the purchase date: start inclusive, end exclusive")
    func dateFilters() async throws {
        try await SimulatorHarness.with { h in
            let s = try await Self.makeScenario(h)
            let api = try h.apiClient(.sandbox)
            let atT0: Set<String> = Set(s.gems.prefix(3) + [s.removeAds, s.seasonPass, s.monthly])
            let cases: [(TransactionHistoryRequest, Set<String>)] = [
                (TransactionHistoryRequest(startDate: s.t1), [s.gems[3]]),
                (TransactionHistoryRequest(endDate: s.t0.adding(milliseconds: 1)), atT0),
                (TransactionHistoryRequest(endDate: s.t0), []),
                (TransactionHistoryRequest(startDate: s.renewedAt, endDate: s.renewedAt.adding(milliseconds: 1)), [s.renewal]),
                (TransactionHistoryRequest(startDate: s.renewedAt.adding(milliseconds: 1), endDate: s.t1), []),
                (TransactionHistoryRequest(startDate: s.t0, endDate: s.t1.adding(milliseconds: 1)), s.all),
            ]
            for (request, expected) in cases {
                let found = try await Self.walk(h, api, from: s.gems[0], request)
                #expect(Set(Self.ids(found)) == expected, "\(request.queryItems)")
                if let start = request.startDate {
                    #expect(found.allSatisfy { ($0.purchaseDate ?? start) >= start })
                }
            }
            let backwards = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getTransactionHistory(
                    transactionId: s.gems[0], request: TransactionHistoryRequest(startDate: s.t1, endDate: s.t0))
            }
            #expect(backwards?.code == .invalidRequest && backwards?.errorCode == .startDateAfterEndDate)
            #expect(backwards?.isRetryable == false)
        }
    }

    @Test("revoked, inAppOwnershipType and sort filters")
    func stateFilters() async throws {
        try await SimulatorHarness.with { h in
            let s = try await Self.makeScenario(h)
            let api = try h.apiClient(.sandbox)
            let revoked = try await Self.walk(h, api, from: s.monthly, TransactionHistoryRequest(revoked: true))
            #expect(Self.ids(revoked) == [s.refundedGem])
            #expect(revoked.first?.revocationDate != nil && revoked.first?.revocationReason == .appIssue)
            let kept = Self.ids(try await Self.walk(h, api, from: s.monthly, TransactionHistoryRequest(revoked: false)))
            #expect(Set(kept) == s.all.subtracting([s.refundedGem]))

            // carol: her own gem, and alice's shared non-consumable and subscription.
            let shared = try await Self.walk(h, api, from: s.carolGems, TransactionHistoryRequest(inAppOwnershipType: .familyShared))
            #expect(Self.ids(shared).contains(s.sharedRemoveAds))
            #expect(Set(shared.compactMap(\.productId)) == [DemoCatalog.removeAds, DemoCatalog.monthly])
            #expect(shared.allSatisfy { $0.inAppOwnershipType == .familyShared })
            let carolShared = h.simulator.snapshot().transactions.values.filter {
                $0.accountId == SimulatorHarness.familyMember(.sandbox) && $0.payload.inAppOwnershipType == .familyShared
            }
            #expect(Set(Self.ids(shared)) == Set(carolShared.map(\.transactionId)))
            let purchased = try await Self.walk(h, api, from: s.sharedRemoveAds, TransactionHistoryRequest(inAppOwnershipType: .purchased))
            #expect(Self.ids(purchased) == [s.carolGems])

            let ascending = Self.ids(try await Self.walk(h, api, from: s.monthly, TransactionHistoryRequest(sort: .ascending)))
            let descending = Self.ids(try await Self.walk(h, api, from: s.monthly, TransactionHistoryRequest(sort: .descending)))
            #expect(ascending.count == s.all.count)
            #expect(descending == Array(ascending.reversed()))
            #expect(descending.first == s.refundedGem)
            #expect(h.requests.all.last?.query?.contains("sort=DESCENDING") == true)
        }
    }

    @Test(
        "revision pagination: the walker returns every transaction exactly once across pages",
        arguments: [AppStoreEnvironment.sandbox, .production])
    func pagination(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(environment)
            var bought: [String] = []
            for index in 0..<47 {
                bought.append(try await h.buy(index % 10 == 0 ? DemoCatalog.seasonPass : DemoCatalog.gems, account: customer))
            }
            let api = try h.apiClient(environment)
            let verifier = try h.verifier(environment)
            h.requests.clear()
            var pages: [HistoryResponse] = []
            for try await page in api.transactionHistory(transactionId: bought[5]) { pages.append(page) }
            #expect(pages.map { $0.signedTransactions?.count ?? 0 } == [20, 20, 7])
            #expect(pages.map(\.hasMore) == [true, true, false])
            let ids = try pages.flatMap { $0.signedTransactions ?? [] }.map { try verifier.verifyTransaction($0).transactionId ?? "" }
            #expect(ids == bought, "every transaction once, in purchase (= modification) order")

            let sent = h.requests.matching("/inApps/v2/history/\(bought[5])")
            #expect(sent.count == 3)
            #expect(sent.first?.query == nil)
            for (request, previous) in zip(sent.dropFirst(), pages) {
                let revision = try #require(previous.revision)
                #expect(request.query == "revision=\(revision)", "each page asks from the previous page's revision")
            }

            // A filter that spans pages keeps its filter on every page.
            let gems = try await api.allSignedTransactions(
                transactionId: bought[0], request: TransactionHistoryRequest(productType: [.consumable], sort: .descending))
            let gemIds = try gems.map { try verifier.verifyTransaction($0).transactionId ?? "" }
            let expectedGems = zip(0..., bought).filter { $0.0 % 10 != 0 }.map { $0.1 }
            #expect(gemIds == Array(expectedGems.reversed()))

            // From the last page's revision: only what changed since.
            let stored = try #require(pages.last?.revision)
            try await h.simulator.refund(transactionId: bought[3], reason: .other)
            let newer = try await h.buy(DemoCatalog.gems, account: customer)
            let changed = try await api.allSignedTransactions(
                transactionId: bought[0], request: TransactionHistoryRequest(revision: stored))
            let changedIds = try changed.map { try verifier.verifyTransaction($0).transactionId ?? "" }
            #expect(changedIds == [bought[3], newer])
        }
    }

    @Test("a revision from another sort order is Apple's 400 4000005 invalidRequestRevision")
    func invalidRevision() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            let api = try h.apiClient(.sandbox)
            let page = try await api.getTransactionHistory(transactionId: id)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getTransactionHistory(
                    transactionId: id, request: TransactionHistoryRequest(sort: .descending, revision: page.revision))
            }
            #expect(error?.code == .invalidRequest && error?.errorCode == .invalidRequestRevision)
            #expect(error?.isRetryable == false)
        }
    }
}
