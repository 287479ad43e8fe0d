import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperLocal
import Testing

/// The analytics routes of the admin API: viewers read the summary and the cohorts as JSON (as
/// the OpenAPI document describes them) or CSV, equal to the use case's answer; nobody else's
/// operators can tell the app exists; bad parameters are refused with a clear error.
@Suite struct AnalyticsRouteTests {
    @Test(arguments: E2EBackend.withMemory)
    func viewersReadTheAnalyticsAsJSONAndCSV(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let account = try e2e.appleAccount("apple-ana-\(e2e.tag)")
            let customer = e2e.customer("ana")
            let order = try await e2e.createOrder(customer, product: DemoCatalog.yearly)
            let bought = try await e2e.simulator.purchase(
                PurchaseRequest(
                    accountId: account, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.yearly,
                    appAccountToken: order.appAccountToken, storefront: "GBR"))
            #expect(try await e2e.submit(customer, signedTransaction: bought.signedTransaction).status == 200)
            let month = AnalyticsService.monthText(FigureDay(containing: e2e.simulator.now()))

            let summary = try await viewer.get("/analytics/summary?environment=Sandbox")
            try #require(summary.status == 200, "\(summary.text)")
            let body = try JSONDecoder().decode(AnalyticsSummaryResponse.self, from: summary.body)
            #expect(body.months.count == 12 && body.to == month)
            let current = try #require(body.months.last)
            #expect(current.activeSubscribers == 1 && current.newSubscribers == 1 && current.payments == 1)
            // 49.99 a year is 4.166 a month: rounded to the milliunit.
            #expect(current.mrr == [AnalyticsMoney(currency: "GBP", amount: 4_166)])
            #expect(current.arr == [AnalyticsMoney(currency: "GBP", amount: 49_992)])
            #expect(body.totals.revenue == [AnalyticsMoney(currency: "GBP", amount: 49_990)])
            let service = AnalyticsService(store: e2e.store, appId: e2e.stack.app.id, now: e2e.simulator.simulatedTime)
            let query = try AnalyticsService.query(
                from: nil, to: nil, environment: "Sandbox", product: nil, storefront: nil, offer: nil,
                today: FigureDay(containing: e2e.simulator.now()))
            #expect(try await service.summaryResponse(query) == body)

            let cohorts = try await viewer.get("/analytics/cohorts?environment=Sandbox&from=\(month)&product=\(DemoCatalog.yearly)")
            try #require(cohorts.status == 200, "\(cohorts.text)")
            let table = try JSONDecoder().decode(AnalyticsCohortsResponse.self, from: cohorts.body)
            let cell = try #require(table.cohorts.first?.ages.first)
            #expect(table.cohorts.map(\.subscribers) == [1])
            #expect(cell.retained == 1 && cell.retention == 1 && cell.lifetimeValue == [AnalyticsMoney(currency: "GBP", amount: 49_990)])
            let elsewhere = try await viewer.get("/analytics/cohorts?environment=Sandbox&from=\(month)&storefront=USA")
            #expect(try JSONDecoder().decode(AnalyticsCohortsResponse.self, from: elsewhere.body).cohorts.map(\.subscribers) == [0])

            // CSV: the same figures, one column per currency.
            let raw = e2e.root.appending("/v1/admin/apps/" + e2e.stack.app.id)
            let key = try await e2e.createOperator(.viewer, name: "csv-\(e2e.tag)").key
            let csv = try await raw.send(.GET, "/analytics/summary?environment=Sandbox&format=csv", body: nil, credential: key)
            #expect(csv.status == 200)
            let lines = String(decoding: csv.body, as: UTF8.self).split(separator: "\r\n").map(String.init)
            #expect(lines.count == 13)
            #expect(lines.first?.hasPrefix("month,activeSubscribers,activeTrials,startingSubscribers,") == true)
            #expect(lines.first?.hasSuffix(",mrr_GBP,arr_GBP,revenue_GBP") == true)
            #expect(lines.last?.hasPrefix("\(month),1,0,0,1,0,0,") == true, "\(lines.last ?? "")")
            #expect(lines.last?.hasSuffix(",4166,49992,49990") == true, "\(lines.last ?? "")")
            let cohortCSV = try await raw.send(
                .GET, "/analytics/cohorts?environment=Sandbox&from=\(month)&format=csv", body: nil, credential: key)
            #expect(
                String(decoding: cohortCSV.body, as: UTF8.self)
                    == "cohort,subscribers,age,retained,retention,revenue_GBP,lifetimeValue_GBP\r\n\(month),1,0,1,1.000000,49990,49990\r\n")
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func whoReadsTheAnalyticsAndWhatIsRefused(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let theirs = try await e2e.createOperator(.admin, apps: [e2e.stack.app.id + "-b"])
            for path in ["/analytics/summary", "/analytics/cohorts"] {
                let read = try await viewer.get(path)
                #expect(read.status == 200, "\(path): \(read.text)")
                let foreign = try await e2e.adminClient(credential: theirs.key).get(path)
                #expect(foreign.status == 404, "\(path): \(foreign.text)")
                #expect(foreign.errorCode == "notFound")
                let server = try await e2e.adminClient(credential: e2e.stack.apiKey).get(path)
                #expect(server.status == 403, "\(path): \(server.text)")
                for bad in [
                    "?from=2026-13", "?from=2026-05&to=2026-01", "?from=2020-01&to=2026-01", "?environment=Staging", "?format=xml",
                    "?to=May",
                ] {
                    let refused = try await viewer.get(path + bad)
                    #expect(refused.status == 400, "\(path + bad): \(refused.text)")
                    #expect(refused.errorCode == "invalidRequest", "\(path + bad)")
                }
            }
        }
    }
}
