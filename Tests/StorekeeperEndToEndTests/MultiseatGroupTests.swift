import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperLocal
import StorekeeperStore
import Testing

/// A multiseat (group) subscription with Apple-hosted invitations, through the simulator, on
/// every backend: one sale of the group's seats in the figures and in reconciliation with
/// Apple's reports, every member with access of their own, seats added, refunded and renewed at a
/// lower count, and the group's expiry ending every member's access.
@Suite struct MultiseatGroupTests {
    /// Units sold and revenue per currency of the production figures of `days`.
    static func sold(_ h: NotificationHarness, days: ClosedRange<FigureDay>) async throws -> (units: Int64, revenue: Int64, refunded: Int64)
    {
        let totals = try await h.store.read { try await $0.figureTotals(appId: "n-\(h.tag)", environment: .production, days: days) }
        func sum(_ metric: FigureMetric) -> Int64 { totals.filter { $0.metric == metric }.reduce(0) { $0 + $1.value } }
        return (sum(.units), sum(.revenue), sum(.refunded))
    }

    /// Units sold over `days`, as the admin overview API answers (production figures).
    static func overviewUnits(_ h: NotificationHarness, days: ClosedRange<FigureDay>) async throws -> Int64? {
        let response = try await h.adminClient().get("/overview?from=\(days.lowerBound)&to=\(days.upperBound)&environment=Production")
        #expect(response.status == 200, "\(response.text)")
        let overview = try JSONDecoder().decode(OverviewResponse.self, from: response.body)
        #expect(overview.totals.units == overview.days.reduce(0) { $0 + $1.units })
        return overview.totals.units
    }

    /// What a member's app does at launch: hands the transactions StoreKit has to Storekeeper.
    static func hand(_ h: NotificationHarness, _ customer: CustomerID, transactionId: String) async throws {
        try await h.submit(customer, try h.simulator.signedTransaction(id: transactionId))
    }

    static func hasAccess(_ h: NotificationHarness, _ customer: CustomerID) async throws -> Bool {
        try await h.view(customer).subscriptions.contains { $0.productId == DemoCatalog.monthly && $0.phase == "active" }
    }

    @Test(arguments: NotificationBackend.all)
    func aGroupPurchaseIsOneSaleAndEveryMemberHasAccess(_ backend: NotificationBackend) async throws {
        try await ReconciliationTests.run(backend) { h in
            let owner = h.customer("owner")
            let members = ["ana", "ben", "cai"].map { h.customer($0) }
            let ownerAccount = try ReconciliationTests.productionAccount(h, "apple-owner")
            let memberAccounts = try ["ana", "ben", "cai"].map { try ReconciliationTests.productionAccount(h, "apple-\($0)") }
            let first = PacificDay(containing: h.now)
            let start = FigureDay(containing: h.now)

            // The purchaser buys 5 seats; three people accept the Apple-hosted invitation.
            let order = try await h.order(owner, DemoCatalog.monthly)
            let bought = try await h.simulator.purchase(
                PurchaseRequest(
                    accountId: ownerAccount, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                    appAccountToken: order.token, seats: 5))
            try await h.submit(owner, bought.signedTransaction)
            let original = try #require(bought.transaction.originalTransactionId)
            let seatPrice = try #require(bought.transaction.price)
            #expect(bought.transaction.quantity == 5)
            #expect(bought.transaction.multiSeatInfo?.invitationManagement == .apple)
            for (member, account) in zip(members, memberAccounts) {
                let assigned = try await h.simulator.joinGroup(originalTransactionId: original, member: account)
                #expect(h.simulator.transaction(id: assigned)?.payload.inAppOwnershipType == .assigned)
                try await Self.hand(h, member, transactionId: assigned)
            }
            try await h.runInbox()
            for customer in [owner] + members {
                #expect(try await Self.hasAccess(h, customer), "\(customer) has access")
            }
            var figures = try await Self.sold(h, days: start...start.adding(days: 1))
            #expect(figures.units == 5, "one sale of 5 seats, not one per member")
            #expect(figures.revenue == 5 * seatPrice)
            #expect(try await Self.overviewUnits(h, days: start...start.adding(days: 1)) == 5, "the overview API says the same")

            // Two seats added the next day: a sale of their own, the same period.
            try await h.simulator.advance(byMilliseconds: Span.day)
            let addition = try await h.simulator.addSeats(originalTransactionId: original, count: 2)
            #expect(h.simulator.transaction(id: addition)?.payload.additionalTransactionReason == .seatAddition)
            try await h.runInbox()
            figures = try await Self.sold(h, days: start...start.adding(days: 2))
            #expect(figures.units == 7)
            #expect(figures.revenue == 7 * seatPrice)

            // Apple refunds 2 of the first 5 seats: units and revenue go down, everyone keeps access.
            try await h.simulator.advance(byMilliseconds: Span.day)
            try await h.simulator.refundSeats(transactionId: try #require(bought.transaction.transactionId), count: 2)
            try await h.runInbox()
            figures = try await Self.sold(h, days: start...start.adding(days: 3))
            #expect(figures.units == 5)
            #expect(figures.revenue - figures.refunded == 5 * seatPrice)
            for customer in [owner] + members {
                #expect(try await Self.hasAccess(h, customer), "\(customer) keeps access after the seat refund")
            }

            // Apple's reports of those days reconcile: one sale of 5, the addition of 2, the return of 2.
            try await h.simulator.advance(byMilliseconds: 2 * Span.day)
            let days = (0...4).map { first.adding(days: $0) }
            let runs = try await ReconciliationTests.fetch(h, days: days)
            let lines = runs.values.flatMap(\.lines).filter { $0.sku == DemoCatalog.monthly }
            for (day, run) in runs { #expect(run.discrepancies.isEmpty, "\(day): \(run.discrepancies)") }
            #expect(lines.map(\.storekeeperUnits).sorted() == [-2, 2, 5], "\(lines)")

            // The group renews with 4 seats; the members' access renews with it.
            try await h.simulator.setRenewalQuantity(originalTransactionId: original, seats: 4)
            let renewsAt = try #require(h.simulator.subscription(originalTransactionId: original)).expiresDate
            let before = try await Self.sold(h, days: start...FigureDay(containing: renewsAt).adding(days: 1))
            try await h.simulator.advance(byMilliseconds: renewsAt.millisecondsSince1970 - h.now.millisecondsSince1970 + Span.hour)
            try await h.runInbox()
            let renewal = try #require(h.simulator.subscription(originalTransactionId: original)).latestTransactionId
            #expect(h.simulator.transaction(id: renewal)?.payload.quantity == 4)
            let after = try await Self.sold(h, days: start...FigureDay(containing: renewsAt).adding(days: 1))
            #expect(after.units - before.units == 4)
            #expect(after.revenue - before.revenue == 4 * seatPrice)
            for customer in [owner] + members {
                #expect(try await Self.hasAccess(h, customer), "\(customer) renewed with the group")
            }

            // The purchaser turns auto-renew off: at the period's end every member's access ends.
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            let endsAt = try #require(h.simulator.subscription(originalTransactionId: original)).expiresDate
            try await h.simulator.advance(byMilliseconds: endsAt.millisecondsSince1970 - h.now.millisecondsSince1970 + Span.hour)
            try await h.runInbox()
            for customer in [owner] + members {
                #expect(try await !Self.hasAccess(h, customer), "\(customer) lost access with the group")
            }
            try await h.expectLedgerBalanced()
        }
    }
}
