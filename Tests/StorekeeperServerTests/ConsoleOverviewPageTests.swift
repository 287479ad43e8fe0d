import AppStoreModels
import Foundation
import HTTPTypes
import Storekeeper
import StorekeeperTesting
import Testing

/// The overview and refunds pages, in process on each backend: the charts are drawn from the
/// same rollups the admin API reads, readable without colour (patterns, a legend in words, a
/// data table) and without inline style; the range and environment are chosen with a form and a
/// bad choice is a clear error; the refunds page shows what a refund clawed back.
@Suite struct ConsoleOverviewPageTests {
    /// Today (the harness's clock): 3 new subscriptions, 1 churned, 2 standard and 1 trial active
    /// since five days ago, 9.99 USD revenue with 6.99 proceeds; all in Production.
    static func seedFigures(_ h: ConsoleHarness) async throws {
        let today = FigureDay(containing: h.clock())
        func key(_ metric: FigureMetric, _ day: FigureDay, product: String = "monthly", _ dimension: String = "") -> FigureKey {
            FigureKey(environment: .production, day: day, metric: metric, productId: product, dimension: dimension)
        }
        let moves = FigureMoves([
            key(.new, today): 3, key(.churned, today): 1, key(.active, today.adding(days: -5), "standard"): 2,
            key(.active, today.adding(days: -5), "trial"): 1, key(.revenue, today, product: "", "USD"): 9990,
            key(.proceeds, today, product: "", "USD"): 6993,
        ])
        try await h.store.write { tx in try await tx.addFigures(appId: ConsoleHarness.app, moves, spreadKey: "test") }
    }

    @Test(arguments: StoreTestBackend.available)
    func theOverviewDrawsTheFiguresAsChartsWithTheirNumbersInWords(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await Self.seedFigures(h)
            let vic = try await h.signedIn("vic")
            let page = try await vic.get("/console/apps/app/overview")
            #expect(page.status == .ok, "\(page.html)")
            for id in ["chart-active", "chart-new-churned", "chart-trials", "chart-refunds", "chart-revenue"] {
                #expect(page.html.contains("id=\"\(id)\""), "\(id)")
            }
            #expect(page.html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 5)
            #expect(page.html.contains("role=\"img\"") && page.html.contains("<desc id=\"chart-new-churned-desc\">"))
            #expect(page.html.contains("New: total 3; Churned: total 1"), "the chart's totals in words")
            #expect(page.html.contains("Standard: latest day 2; Trial: latest day 1"))
            #expect(page.html.contains("fill=\"url(#chart-active-p1)\""), "the second phase is patterned, not only coloured")
            #expect(page.html.contains("<dt>New subscriptions</dt><dd>3</dd>"))
            #expect(page.html.contains("9.99 USD (6.99)"), "revenue and estimated proceeds")
            #expect(page.html.contains("Revenue in USD") && page.html.contains("<td>9.99</td>"))
            #expect(page.html.contains("id=\"ops-apple\"") && page.html.contains("✗ No API key configured"))
            #expect(!page.html.contains(" style=") && !page.html.contains("<script>"))
            let rows = page.html.components(separatedBy: "<tr><th scope=\"row\">").count - 1
            #expect(rows == 5 * 30, "a table row per day of each chart")

            let ninety = try await vic.get("/console/apps/app/overview?days=90&environment=Production")
            #expect(ninety.status == .ok && ninety.html.contains("<option value=\"90\" selected>"))
            #expect(ninety.html.components(separatedBy: "<tr><th scope=\"row\">").count - 1 == 5 * 90)
            let sandbox = try await vic.get("/console/apps/app/overview?environment=Sandbox")
            #expect(sandbox.status == .ok && sandbox.html.contains("No revenue in this range."), "figures are per environment")

            let badRange = try await vic.get("/console/apps/app/overview?days=45")
            #expect(badRange.status == .badRequest && badRange.html.contains("days must be 30 or 90"))
            let badEnvironment = try await vic.get("/console/apps/app/overview?environment=Moon")
            #expect(badEnvironment.status == .badRequest && badEnvironment.html.contains("environment must be one of"))
            let otto = try await h.signedIn("otto")
            #expect(try await otto.get("/console/apps/app/overview").status == .notFound)
        }
    }

    /// An app selling in several currencies gets one revenue chart, of the currency chosen, or
    /// else of the one customers paid most in; the totals list every currency.
    @Test(arguments: StoreTestBackend.available)
    func oneCurrencyIsChartedAtATime(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await Self.seedFigures(h)
            let today = FigureDay(containing: h.clock())
            let euros = FigureMoves([
                FigureKey(environment: .production, day: today, metric: .revenue, productId: "", dimension: "EUR"): 19_990
            ])
            try await h.store.write { tx in try await tx.addFigures(appId: ConsoleHarness.app, euros, spreadKey: "test") }
            let vic = try await h.signedIn("vic")
            let page = try await vic.get("/console/apps/app/overview")
            #expect(page.status == .ok)
            #expect(page.html.contains("Revenue in EUR") && !page.html.contains("Revenue in USD"), "the larger currency by default")
            #expect(page.html.contains("<option value=\"EUR\" selected>EUR</option><option value=\"USD\">USD</option>"))
            #expect(page.html.contains("9.99 USD (6.99)") && page.html.contains("19.99 EUR"), "the totals list both")
            #expect(page.html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 5)
            let dollars = try await vic.get("/console/apps/app/overview?currency=USD")
            #expect(dollars.html.contains("Revenue in USD") && !dollars.html.contains("Revenue in EUR"))
            #expect(dollars.html.contains("<option value=\"USD\" selected>USD</option>"))
            let unknown = try await vic.get("/console/apps/app/overview?currency=XXX")
            #expect(unknown.status == .ok && unknown.html.contains("Revenue in EUR"), "a currency the range lacks falls back")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func theRefundsPageShowsEachRefundWithWhatItClawedBack(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await ConsoleActionTests.withCarol(h)
            let carol = try #require(CustomerID(rawValue: "carol"))
            let record = RefundRecord(
                appId: ConsoleHarness.app, environment: .production, transactionId: "2000000111", originalTransactionId: "2000000111",
                customerId: carol, productId: "gems.100", productType: .consumable, kind: .refunded, reason: .appIssue,
                revokedAt: h.clock(), purchaseDate: h.clock().adding(milliseconds: -86_400_000), price: 1990, currency: "EUR",
                quantity: 1)
            try await h.store.write { tx in try await tx.saveRefund(record) }
            let vic = try await h.signedIn("vic")
            let page = try await vic.get("/console/apps/app/refunds")
            #expect(page.status == .ok, "\(page.html)")
            #expect(page.html.contains("2000000111") && page.html.contains("Refunded (app issue)") && page.html.contains("1.99 EUR"))
            #expect(page.html.contains("href=\"/console/apps/app/customers/carol\""))
            #expect(page.html.contains("No consumption requests answered."))
            #expect(page.html.contains("aria-current=\"page\" class=\"current\">Refunds</a>"))
            let bad = try await vic.get("/console/apps/app/refunds?before=nonsense")
            #expect(bad.status == .badRequest && bad.html.contains("before must be a cursor"))
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func theCustomerTimelineIsTheFullTimelineFilteredByKind(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await ConsoleActionTests.withCarol(h)
            let sam = try await h.signedIn("sam")
            let page = try await sam.get(ConsoleActionTests.page)
            let action = ConsoleActionTests.page + "/grant"
            _ = try await sam.post(
                action,
                [
                    ("csrf", try ConsoleActionTests.field("csrf", of: action, in: page.html)),
                    ("idempotencyKey", try ConsoleActionTests.field("idempotencyKey", of: action, in: page.html)),
                    ("entitlement", "no_ads"), ("duration", "P7D"), ("reason", "ticket 77"),
                ])
            let all = try await sam.get(ConsoleActionTests.page)
            #expect(all.html.contains("[operator]") && all.html.contains("Reason: ticket 77"))
            #expect(all.html.contains("id=\"kind-notification\" name=\"kind\" value=\"notification\">"), "every kind offered, none forced")
            let changes = try await sam.get(ConsoleActionTests.page + "?kind=notification")
            #expect(!changes.html.contains("Reason: ticket 77"), "filtered to Apple's notifications")
            #expect(changes.html.contains("value=\"notification\" checked>"))
            #expect(changes.html.contains("Nothing on the timeline."))
            let bad = try await sam.get(ConsoleActionTests.page + "?before=garbage")
            #expect(bad.status == .badRequest)
            let raw = try await sam.get(ConsoleActionTests.page + "/timeline/transaction%3AProduction%3A1/raw")
            #expect(raw.status == .notFound && raw.html.contains("<html"))
        }
    }
}
