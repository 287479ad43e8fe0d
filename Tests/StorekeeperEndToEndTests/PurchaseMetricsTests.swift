import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The business metrics as Prometheus scrapes them (`GET /metrics`): orders created and failed
/// with their latency, purchase submissions by outcome with their latency, sandbox purchases
/// (each purchase once, however often it is presented) and the delivery delay (Apple's purchase
/// time to the first grant to an app customer).
@Suite struct PurchaseMetricsTests {
    @Test(arguments: E2EBackend.all)
    func ordersSubmissionsSandboxAndDeliveryDelay(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            try e2e.appleAccount("alice-apple")
            try e2e.appleAccount("bob-apple")
            try e2e.appleAccount("carol-apple", environment: .production)
            let before = try await Metrics.scrape(e2e)
            #expect(before.value("storekeeper_orders_total", outcome: "created") == 0)

            // Orders: created, payment in progress, refused, cancelled.
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            #expect(try await e2e.server.send(.POST, "/orders/\(order.id.uuidString)/pending", body: nil).status == 200)
            let again = try await e2e.server.post("/orders", ["customerId": alice, "productId": DemoCatalog.gems])
            #expect(again.json["status"]?.stringValue == "paymentInProgress")
            let unknown = try await e2e.server.post("/orders", ["customerId": alice, "productId": "no.such.product"])
            let unknownCode = try #require(unknown.errorCode, "\(unknown.text)")
            let doomed = try await e2e.createOrder(bob, product: DemoCatalog.removeAds)
            #expect(try await e2e.server.send(.POST, "/orders/\(doomed.id.uuidString)/cancel", body: nil).status == 200)
            #expect(try await e2e.server.send(.POST, "/orders/\(doomed.id.uuidString)/cancel", body: nil).status == 200)

            // Alice's purchase names her order: the App Store's notification delivers it (one
            // sandbox purchase, one delivery), her app's submission then replays it.
            let aliceBuys = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: order.appAccountToken)
            #expect(try await e2e.submit(alice, signedTransaction: aliceBuys.signedTransaction).json["status"] == .string("replayed"))
            #expect(try await e2e.submit(alice, signedTransaction: aliceBuys.signedTransaction).json["status"] == .string("replayed"))
            // Bob's app sent no token: the notification books it for nobody yet; his app presents
            // it 90 simulated seconds after the purchase, and that is when it is delivered.
            let bobBuys = try await e2e.buy(DemoCatalog.gems, account: "bob-apple")
            try await e2e.simulator.advance(byMilliseconds: 90_000)
            #expect(try await e2e.submit(bob, signedTransaction: bobBuys.signedTransaction).json["status"] == .string("recorded"))
            // A production purchase is no sandbox purchase.
            let carol = e2e.customer("carol")
            let carolBuys = try await e2e.buy(DemoCatalog.removeAds, account: "carol-apple")
            #expect(try await e2e.submit(carol, signedTransaction: carolBuys.signedTransaction).json["status"] == .string("recorded"))
            // Refused submissions count under their verification code.
            #expect(try await e2e.submit(alice, signedTransaction: "not.a.jws").status == 422)

            let after = try await Metrics.scrape(e2e)
            #expect(after.value("storekeeper_orders_total", outcome: "created") == 2)
            #expect(after.value("storekeeper_orders_total", outcome: "paymentInProgress") == 1)
            #expect(after.value("storekeeper_orders_total", outcome: unknownCode) == 1)
            #expect(after.value("storekeeper_order_create_duration_count", outcome: "created") == 2)
            #expect(after.value("storekeeper_order_create_duration_count", outcome: unknownCode) == 1)
            #expect(after.value("storekeeper_orders_failed_total", ["reason": "cancelled"]) == 1, "cancelled once, however often asked")

            #expect(after.value("storekeeper_purchase_submissions_total", outcome: "replayed") == 2)
            #expect(after.value("storekeeper_purchase_submissions_total", outcome: "recorded") == 2)
            #expect(after.value("storekeeper_purchase_submissions_total", outcome: "malformed") == 1)
            #expect(after.value("storekeeper_purchase_submission_duration_count", outcome: "replayed") == 2)
            #expect(after.value("storekeeper_purchase_submission_duration_count", outcome: "malformed") == 1)

            #expect(after.value("storekeeper_sandbox_purchases_total") == 2, "Alice's and Bob's, each once")
            // Alice's (by the notification, 0 s), Bob's (on his submission, 90 s), Carol's (0 s).
            #expect(after.value("storekeeper_delivery_delay_count") == 3)
            let delaySum = after.value("storekeeper_delivery_delay_sum")
            #expect(delaySum >= 90 && delaySum < 91, "seconds of delivery delay: \(delaySum)")
        }
    }
}

/// One scrape of Storekeeper's Prometheus endpoint: every sample by its series.
struct Metrics {
    var samples: [String: Double] = [:]

    static func scrape(_ e2e: E2EStack) async throws -> Metrics {
        let response = try await StorekeeperClient(baseURL: e2e.stack.storekeeperURL, credential: "").get("/metrics")
        #expect(response.status == 200)
        var metrics = Metrics()
        for line in String(decoding: response.body, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            metrics.samples[String(line[..<space])] = value
        }
        return metrics
    }

    /// The sample of `name` with exactly these labels (0 when there is none: never incremented).
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double {
        for (series, value) in samples {
            guard series == name || series.hasPrefix(name + "{") else { continue }
            if Self.labels(of: series) == labels { return value }
        }
        return 0
    }

    func value(_ name: String, outcome: String) -> Double { value(name, ["outcome": outcome]) }

    static func labels(of series: String) -> [String: String] {
        guard let open = series.firstIndex(of: "{"), series.hasSuffix("}") else { return [:] }
        var labels: [String: String] = [:]
        for pair in series[series.index(after: open)..<series.index(before: series.endIndex)].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            labels[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return labels
    }
}
