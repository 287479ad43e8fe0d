import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Control API over HTTP")
struct ControlAPITests {
    func withControl(_ body: @Sendable (APIClient, AppStoreSimulator) async throws -> Void) async throws {
        let simulator = try Fixtures.simulator(
            notificationURL: "http://receiver.invalid/", durations: .accelerated, transport: ScriptedTransport())
        let app = SimulatorServer.buildApplication(simulator: simulator, port: 0)
        try await app.test(.router) { client in
            try await body(APIClient(client: client, simulator: simulator), simulator)
        }
    }

    @Test("configure, purchase, advance, refund and list notifications through /control")
    func drivesTheLifecycle() async throws {
        try await withControl { api, simulator in
            let app = try await api.call(
                .put, "/control/apps", body: #"{"bundleId":"com.example.other","gracePeriodDays":null}"#, authorized: false)
            #expect(app.status == .ok)
            let configured = try app.decode(SimulatedApp.self)
            #expect(configured.apiKey?.privateKeyPEM != nil && configured.offerKeys.count == 1 && configured.gracePeriodDays == nil)
            #expect(
                try await api.call(.put, "/control/accounts", body: #"{"id":"erin","storefront":"GBR"}"#, authorized: false).status == .ok)

            let purchase = try await api.call(
                .post, "/control/purchases",
                body: #"{"accountId":"erin","bundleId":"\#(Fixtures.bundleId)","productId":"\#(DemoCatalog.monthly)"}"#,
                authorized: false)
            let result = try purchase.decode(PurchaseResult.self)
            #expect(
                result.notificationType == .subscribed && result.transaction.storefront == "GBR" && result.transaction.currency == "GBP")
            let original = try #require(result.transaction.originalTransactionId)

            #expect(try await api.call(.post, "/control/clock/advance", body: #"{"period":"P1M"}"#, authorized: false).status == .ok)
            let subscription = try await api.call(.get, "/control/subscriptions/\(original)", authorized: false)
                .decode(SimulatedSubscription.self)
            #expect(subscription.latestTransactionId != original && subscription.phase == .active)
            #expect(
                try await api.call(
                    .post, "/control/transactions/\(subscription.latestTransactionId)/refund", body: #"{"reason":1}"#, authorized: false
                ).status == .ok)

            struct Summary: Decodable {
                var notificationType: String
                var delivered: Bool
            }
            let listed = try await api.call(.get, "/control/notifications?bundleId=\(Fixtures.bundleId)", authorized: false)
                .decode([Summary].self)
            #expect(listed.map(\.notificationType) == ["SUBSCRIBED", "DID_RENEW", "REFUND"])
            #expect(listed.allSatisfy { $0.delivered })
        }
    }

    @Test("GET /control/clock tells a follower the simulated now, whether it flows, and its offset from the wall clock")
    func clockReading() async throws {
        struct Reading: Decodable {
            var now: Int64
            var mode: String
            var offsetMilliseconds: Int64
            var durationMode: String
        }
        try await withControl { api, simulator in
            let before = try await api.call(.get, "/control/clock", authorized: false).decode(Reading.self)
            #expect(before.now == simulator.now().millisecondsSince1970 && before.mode == "manual" && before.durationMode == "accelerated")
            let wall = Date().timeIntervalSince1970 * 1000
            #expect(abs(Double(before.now - before.offsetMilliseconds) - wall) < 5_000, "now − offset is the wall clock")
            #expect(
                try await api.call(.post, "/control/clock/advance", body: #"{"milliseconds":86400000}"#, authorized: false).status == .ok)
            let after = try await api.call(.get, "/control/clock", authorized: false).decode(Reading.self)
            #expect(after.now == before.now + 86_400_000)
            // A manual clock does not flow, so its offset shrinks as wall time passes: compare each
            // reading with the wall clock read just after it, not the two offsets with each other.
            let wallAfter = Date().timeIntervalSince1970 * 1000
            #expect(abs(Double(after.now - after.offsetMilliseconds) - wallAfter) < 5_000, "now − offset is the wall clock")
        }
    }

    @Test("errors answer a stable code with 400/402/404/409")
    func errors() async throws {
        try await withControl { api, _ in
            let missing = try await api.call(.post, "/control/transactions/123/refund", body: "{}", authorized: false)
            #expect(missing.status == .notFound)
            #expect(String(decoding: missing.body, as: UTF8.self).contains(#""error":"notFound""#))
            #expect(try await api.call(.post, "/control/purchases", body: "[]", authorized: false).status == .badRequest)
            #expect(
                try await api.call(.post, "/control/accounts/\(Fixtures.dave)/payment", body: #"{"fails":true}"#, authorized: false).status
                    == .ok)
            let declined = try await api.call(
                .post, "/control/purchases",
                body: #"{"accountId":"dave","bundleId":"\#(Fixtures.bundleId)","productId":"\#(DemoCatalog.gems)"}"#, authorized: false)
            #expect(declined.status.code == 402)
            #expect(
                try await api.call(.post, "/control/clock/advance", body: #"{"milliseconds":-1}"#, authorized: false).status == .badRequest)
        }
    }

    @Test("faults, receipts and the root certificates are served")
    func faultsReceiptsAndRoots() async throws {
        try await withControl { api, simulator in
            let root = try await api.call(.get, "/pki/root.pem", authorized: false)
            let rootPEM = try simulator.keys.rootCertificatePEM
            #expect(String(decoding: root.body, as: UTF8.self) == rootPEM)
            _ = try TrustedRoots(pem: String(decoding: root.body, as: UTF8.self))
            let receiptRootPEM = try simulator.keys.receiptRootCertificatePEM
            #expect(try await api.call(.get, "/pki/receipt-root.pem", authorized: false).body == Array(receiptRootPEM.utf8))

            let fault = try await api.call(
                .post, "/control/faults/api", body: #"{"endpoint":"getTransactionInfo","kind":"hang","count":1,"hangMilliseconds":300}"#,
                authorized: false)
            #expect(try fault.decode(APIFaultRule.self).id > 0)
            let id = try #require(try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems)).transaction.transactionId)
            let started = ContinuousClock.now
            let hung = try await api.get("/inApps/v1/transactions/\(id)")
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(hung.status == .internalServerError && hung.error?.errorCode == .generalInternalRetryable)

            #expect(
                try await api.call(.post, "/control/faults/notifications", body: #"{"kind":"drop","scope":{"count":2}}"#, authorized: false)
                    .status == .ok)
            #expect(try await api.call(.get, "/control/faults", authorized: false).decode(FaultState.self).notificationRules.count == 1)
            #expect(try await api.call(.delete, "/control/faults", authorized: false).status == .ok)
            #expect(try await api.call(.get, "/control/faults", authorized: false).decode(FaultState.self).notificationRules.isEmpty)

            struct Receipt: Decodable {
                var receiptData: String
                enum CodingKeys: String, CodingKey { case receiptData = "receipt-data" }
            }
            let receipt = try await api.call(
                .get, "/control/accounts/\(Fixtures.alice)/receipt?bundleId=\(Fixtures.bundleId)", authorized: false
            )
            .decode(Receipt.self)
            let verified = try AppReceiptVerifier(trustedRoots: [Fixtures.keys.receiptChain.root]).verify(
                base64Receipt: receipt.receiptData)
            #expect(verified.receipt.inApp.first?.transactionId == id)
        }
    }
}
