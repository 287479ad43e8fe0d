import AppStoreModels
import Foundation
import HTTPTypes
import Storekeeper
import StorekeeperApplication
import StorekeeperTesting
import Testing

/// The console's pages: the headers every page carries, who may see what, and what the audit,
/// search, customer and reconciliation pages show, in process on each backend.
@Suite struct ConsolePageTests {
    @Test(arguments: StoreTestBackend.available)
    func everyPageCarriesTheContentSecurityPolicyAndNoInlineScriptOrStyle(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let browser = try await h.signedIn("ada")
            let signIn = try await h.browser().get("/console/sign-in")
            #expect(signIn.headers[.contentSecurityPolicy] != nil && signIn.html.contains("<form"))
            #expect(!signIn.html.contains("<script>") && !signIn.html.contains(" style="))
            let paths = [
                "/console/apps/app/search", "/console/apps/app/audit", "/console/apps/app/reconciliation",
                "/console/apps/app/overview", "/console/apps/app/refunds", "/console/apps/app/notifications",
                "/console/operators", "/console/apps/app/nothing-here",
            ]
            for path in paths {
                let page = try await browser.get(path)
                #expect(
                    page.headers[.contentSecurityPolicy]
                        == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'",
                    "\(path)")
                #expect(page.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(page.html.contains("<html"), "\(path) is a page, not JSON")
                #expect(page.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                #expect(!page.html.contains("<script>") && !page.html.contains("<style") && !page.html.contains(" style="), "\(path)")
                #expect(!page.html.contains(" onclick=") && !page.html.contains(" onsubmit="), "\(path)")
            }
            #expect(try await browser.get("/console/apps/app/nothing-here").status == .notFound)
            let css = try await browser.get("/console/assets/console.css")
            #expect(css.status == .ok && css.headers[.contentType] == "text/css; charset=utf-8" && css.html.contains("--ink"))
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func anAppAnOperatorMayNotSeeDoesNotExistForItAndAdminPagesNeedTheAdminRole(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let otto = try await h.signedIn("otto")
            #expect(try await otto.get("/console/apps/app/search").status == .notFound, "another app's pages are 404")
            #expect(try await otto.get("/console/apps/other/search").status == .ok)
            #expect(try await otto.get("/console/apps/nope/search").status == .notFound)

            let vic = try await h.signedIn("vic")
            #expect(try await vic.get("/console/apps/app/search").status == .ok)
            let audit = try await vic.get("/console/apps/app/audit")
            #expect(audit.status == .forbidden && audit.html.contains("admin"))
            #expect(try await vic.get("/console/operators").status == .forbidden)
            #expect(!(try await vic.get("/console/apps/app/search").html.contains("/console/operators")), "no link to what it may not see")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func theConsoleCanBeTurnedOff(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend, consoleEnabled: false) { h in
            let signIn = try await h.browser().get("/console/sign-in")
            #expect(signIn.status == .notFound)
            let health = try await h.browser().get("/health")
            #expect(health.status == .ok, "the API stays")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func theAuditLogShowsWhoDidWhatAndWhyNewestFirstAndFilters(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let customer = try #require(CustomerID(rawValue: "carol"))
            try await h.store.write { tx in
                try await tx.append(
                    AuditEvent(
                        customerId: customer, kind: "grant.created", actor: .operator("sam"), details: ["entitlement": "no_ads"],
                        appId: "app", reason: "ticket 4411: <b>refund</b> promised", createdAt: h.clock()))
                try await tx.append(
                    AuditEvent(
                        customerId: customer, kind: "wallet.adjusted", actor: .operator("ada"), appId: "app", reason: "goodwill",
                        createdAt: h.clock().adding(milliseconds: 1000)))
                try await tx.append(
                    AuditEvent(
                        customerId: nil, kind: "grant.created", actor: .operator("otto"), appId: "other", reason: "elsewhere",
                        createdAt: h.clock()))
            }
            let browser = try await h.signedIn("ada")
            let page = try await browser.get("/console/apps/app/audit")
            #expect(page.status == .ok)
            let html = page.html
            let newer = try #require(html.range(of: "goodwill"))
            let older = try #require(html.range(of: "ticket 4411"))
            #expect(newer.lowerBound < older.lowerBound, "newest first")
            #expect(html.contains("operator:sam") && html.contains("entitlement=no_ads"))
            #expect(html.contains("&lt;b&gt;refund&lt;/b&gt;") && !html.contains("<b>refund</b>"), "text is escaped")
            #expect(!html.contains("elsewhere"), "another app's events are not shown")
            #expect(html.contains("/console/apps/app/customers/carol"))

            let bySam = try await browser.get("/console/apps/app/audit?operator=sam")
            #expect(bySam.html.contains("ticket 4411") && !bySam.html.contains("goodwill"))
            let byKind = try await browser.get("/console/apps/app/audit?kind=wallet.adjusted")
            #expect(byKind.html.contains("goodwill") && !byKind.html.contains("ticket 4411"))
            #expect(try await browser.get("/console/apps/app/audit?before=nonsense").status == .badRequest)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func searchOpensTheCustomerAnIdentifierNames(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let carol = try #require(CustomerID(rawValue: "carol@example"))
            let order = Order(
                customerId: carol, productId: "no.ads", createdAt: h.clock(), expiresAt: h.clock().adding(milliseconds: 3_600_000))
            try await h.store.write { tx in
                try await tx.ensureCustomer(Customer(id: carol, createdAt: h.clock()))
                try await tx.insertOrder(order)
            }
            let browser = try await h.signedIn("vic")
            let byId = try await browser.get("/console/apps/app/search?q=carol%40example")
            #expect(byId.status == .seeOther && byId.location == "/console/apps/app/customers/carol%40example")
            let byOrder = try await browser.get("/console/apps/app/search?q=\(order.id.uuidString.lowercased())")
            #expect(byOrder.location == "/console/apps/app/customers/carol%40example")
            let none = try await browser.get("/console/apps/app/search?q=nobody")
            #expect(none.status == .ok && none.html.contains("Nothing matches"))

            let record = try await browser.get("/console/apps/app/customers/carol%40example")
            #expect(record.status == .ok && record.html.contains("carol@example"))
            #expect(!record.html.contains("Apple accounts"), "no account seen, no section")

            // A monthly plan with a 12-month commitment that Carol cancelled: billed until it ends.
            try await h.store.write { tx in
                try await tx.saveSubscription(
                    StoredSubscription(
                        environment: .production, originalTransactionId: "3000001", customerId: carol, productId: "yearly",
                        subscriptionGroup: "g", phase: "active", expiresAt: h.clock(), lastSignedDate: h.clock(),
                        state: try SubscriptionApplier.encode(
                            SubscriptionState(environment: .production, originalTransactionId: "3000001")),
                        updatedAt: h.clock(), autoRenewStatus: 1,
                        commitment: CommitmentProgress(
                            billingPeriodNumber: 4, totalBillingPeriods: 12, expiresAt: h.clock(), autoRenewStatus: 0)))
            }
            let committed = try await browser.get("/console/apps/app/customers/carol%40example")
            #expect(
                committed.html.contains("12-month commitment, billing 4 of 12; cancelled: billed monthly until it ends"),
                "\(committed.html)")
            #expect(try await browser.get("/console/apps/app/customers/nobody").status == .notFound)

            // Dave was seen behind Carol's Apple account: each page links to the other.
            let dave = try #require(CustomerID(rawValue: "dave"))
            let account = AppleAccountKey(environment: .production, appTransactionId: "705")
            try await h.store.write { tx in
                try await tx.ensureCustomer(Customer(id: dave, createdAt: h.clock()))
                try await tx.linkAppleAccount(account, customerId: carol, at: h.clock())
                try await tx.linkAppleAccount(account, customerId: dave, at: h.clock().adding(milliseconds: 1))
            }
            let shared = try await browser.get("/console/apps/app/customers/carol%40example")
            #expect(shared.html.contains("id=\"apple-accounts\"") && shared.html.contains("<code>705</code>"))
            #expect(shared.html.contains("<a href=\"/console/apps/app/customers/dave\">dave</a>"), "\(shared.html)")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func reconciliationListsTheDaysAndDrillsIntoOne(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let reports: any ReportStore = h.store
            let day = PacificDay(containing: h.clock()).adding(days: -2)
            try await reports.saveReconciliation(
                ReconciliationRun(
                    vendorNumber: ConsoleHarness.vendorNumber, day: day, ranAt: h.clock(), reportSHA256: "abc",
                    lines: [
                        ReconciliationLine(
                            outcome: .matched, sku: "no.ads", productClass: .inAppPurchase, countryCode: "US", currency: "USD",
                            subscription: nil, storekeeperPrice: 1990, reportPrice: 1990, storekeeperUnits: 3, reportUnits: 3,
                            transactionIds: ["2000000111"]),
                        ReconciliationLine(
                            outcome: .missingInStorekeeper, sku: "gems.100", productClass: .inAppPurchase, countryCode: "DE",
                            currency: "EUR", subscription: nil, storekeeperPrice: nil, reportPrice: 990, storekeeperUnits: 0,
                            reportUnits: 1),
                    ]))
            let browser = try await h.signedIn("vic")
            let list = try await browser.get("/console/apps/app/reconciliation")
            #expect(list.status == .ok && list.html.contains("/console/apps/app/reconciliation/\(day)"))
            #expect(list.html.contains("⚠ 1"), "the day's one discrepancy is flagged with a symbol, not only a colour")
            let detail = try await browser.get("/console/apps/app/reconciliation/\(day)")
            #expect(detail.status == .ok && detail.html.contains("missing in storekeeper") && detail.html.contains("gems.100"))
            #expect(detail.html.contains("/console/apps/app/search?q=2000000111"), "Storekeeper's transactions link to search")
            #expect(try await browser.get("/console/apps/app/reconciliation/not-a-day").status == .badRequest)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func reconciliationShowsSubscriptionEventsAndFiscalMonths(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let reports: any ReportStore = h.store
            let day = PacificDay(containing: h.clock()).adding(days: -1)
            let month = try #require(AppleFiscalMonth(containing: PacificDay(containing: h.clock()))?.previous)
            var renewal = ReconciliationLine(
                outcome: .unitsDiffer, sku: "pro.monthly", productClass: .autoRenewable, countryCode: "US", currency: "",
                subscription: nil, storekeeperPrice: nil, reportPrice: nil, storekeeperUnits: 1, reportUnits: 2)
            renewal.event = "renewal"
            renewal.reportEvents = ["Renew"]
            try await reports.saveReconciliation(
                ReconciliationRun(
                    vendorNumber: ConsoleHarness.vendorNumber, reportType: "SUBSCRIPTION_EVENT", reportDate: day.description,
                    ranAt: h.clock(), reportSHA256: "e", lines: [renewal]))
            var settled = ReconciliationLine(
                outcome: .settledInOtherMonth, sku: "no.ads", productClass: .inAppPurchase, countryCode: "US", currency: "USD",
                subscription: nil, storekeeperPrice: 1990, reportPrice: nil, storekeeperUnits: 1, reportUnits: 0)
            settled.transactionDay = month.last
            settled.estimatedProceeds = 1393
            settled.note = "settled in another fiscal month's report, on \(month.next.first)"
            try await reports.saveReconciliation(
                ReconciliationRun(
                    vendorNumber: ConsoleHarness.vendorNumber, reportType: "FINANCE_DETAIL", reportDate: month.description,
                    ranAt: h.clock(), reportSHA256: "f", lines: [settled]))
            let browser = try await h.signedIn("vic")
            let list = try await browser.get("/console/apps/app/reconciliation")
            #expect(list.status == .ok && list.html.contains("/console/apps/app/reconciliation/\(day)?type=events"))
            #expect(list.html.contains("/console/apps/app/reconciliation/\(month)?type=finance"), "\(list.html)")
            let events = try await browser.get("/console/apps/app/reconciliation/\(day)?type=events")
            #expect(events.status == .ok && events.html.contains("units differ") && events.html.contains("renewal"))
            let finance = try await browser.get("/console/apps/app/reconciliation/\(month)?type=finance")
            #expect(finance.status == .ok && finance.html.contains("settled in other month"))
            #expect(finance.html.contains("transacted \(month.last)") && finance.html.contains("proceeds 1.39"))
            #expect(try await browser.get("/console/apps/app/reconciliation/\(day)?type=finance").status == .badRequest)
        }
    }
}
