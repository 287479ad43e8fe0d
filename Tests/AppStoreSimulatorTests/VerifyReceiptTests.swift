import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("verifyReceipt")
struct VerifyReceiptTests {
    func withEndpoints(_ body: @Sendable (APIClient, AppStoreSimulator) async throws -> Void) async throws {
        let simulator = try Fixtures.simulator(transport: ScriptedTransport())
        let app = SimulatorServer.buildApplication(simulator: simulator, port: 0)
        try await app.test(.router) { client in
            try await body(APIClient(client: client, simulator: simulator), simulator)
        }
    }

    func verify(
        _ api: APIClient, _ environment: String, receipt: String, password: String?, exclude: Bool = false
    )
        async throws -> VerifyReceiptResponse
    {
        let request = VerifyReceiptRequest(receiptData: receipt, password: password, excludeOldTransactions: exclude)
        let body = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        let reply = try await api.call(.post, "/verifyReceipt/\(environment)", body: body, authorized: false)
        #expect(reply.status == .ok, "verifyReceipt always answers HTTP 200")
        return try reply.decode(VerifyReceiptResponse.self)
    }

    @Test("a receipt the simulator issued verifies with status 0 and Apple's fields")
    func validReceipt() async throws {
        try await withEndpoints { api, simulator in
            let subscription = try await simulator.purchase(
                Fixtures.purchase(DemoCatalog.monthly, offer: PurchaseOffer(kind: .introductory)))
            try await simulator.advance(by: .oneWeek)  // trial ends, first paid period
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.removeAds))
            let secret = try simulator.credentials(bundleId: Fixtures.bundleId).sharedSecret
            let receipt = try simulator.appReceipt(accountId: Fixtures.alice, bundleId: Fixtures.bundleId)

            let response = try await verify(api, "sandbox", receipt: receipt, password: secret)
            #expect(response.status == .valid && response.environment == .sandbox)
            let appReceipt = try #require(response.appReceipt)
            #expect(appReceipt.bundleId == Fixtures.bundleId && appReceipt.receiptType == .productionSandbox)
            #expect(appReceipt.inApp?.count == 3)
            let latest = response.latestReceiptInfo?.transactions ?? []
            #expect(latest.count == 3)
            let trial = try #require(latest.first { $0.transactionId == subscription.transaction.transactionId })
            #expect(trial.isTrialPeriod?.value == true)
            #expect(trial.expiresTimestamp == subscription.transaction.expiresDate)
            #expect(trial.webOrderLineItemId == subscription.transaction.webOrderLineItemId)
            #expect(trial.purchaseDate?.rawValue == "2026-01-01 00:00:00 Etc/GMT")
            #expect(trial.purchaseDatePst?.rawValue == "2025-12-31 16:00:00 America/Los_Angeles")
            let pending = try #require(response.pendingRenewalInfo?.first)
            #expect(pending.originalTransactionId == subscription.transaction.originalTransactionId)
            #expect(pending.autoRenewStatusValue == .on && pending.autoRenewProductId == DemoCatalog.monthly)
            let refreshed = try #require(response.latestReceipt)
            #expect(try await verify(api, "sandbox", receipt: refreshed, password: secret).status == .valid)

            let current = try await verify(api, "sandbox", receipt: receipt, password: secret, exclude: true)
            #expect(current.latestReceiptInfo?.transactions.filter { $0.productId == DemoCatalog.monthly }.count == 1)
        }
    }

    @Test("21007 for a sandbox receipt sent to production, 21008 the other way round")
    func wrongEnvironment() async throws {
        try await withEndpoints { api, simulator in
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems, account: Fixtures.bob))
            let sandbox = try simulator.appReceipt(accountId: Fixtures.alice, bundleId: Fixtures.bundleId)
            let production = try simulator.appReceipt(accountId: Fixtures.bob, bundleId: Fixtures.bundleId)
            #expect(try await verify(api, "production", receipt: sandbox, password: nil).status == .sandboxReceiptSentToProduction)
            #expect(try await verify(api, "sandbox", receipt: production, password: nil).status == .productionReceiptSentToSandbox)
            #expect(try await verify(api, "production", receipt: production, password: nil).status == .valid)
        }
    }

    @Test("21004 for a wrong shared secret, 21003 for receipts it did not sign, 21002 for garbage")
    func rejections() async throws {
        try await withEndpoints { api, simulator in
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
            let receipt = try simulator.appReceipt(accountId: Fixtures.alice, bundleId: Fixtures.bundleId)
            #expect(try await verify(api, "sandbox", receipt: receipt, password: "wrong").status == .sharedSecretMismatch)
            #expect(try await verify(api, "sandbox", receipt: receipt, password: nil).status == .sharedSecretMismatch)

            let otherChain = try ReceiptSigningChain.mint(
                notValidBefore: Date(timeIntervalSince1970: 1_420_070_400), notValidAfter: Date(timeIntervalSince1970: 2_366_841_600))
            let payload = try AppReceiptVerifier(trustedRoots: [Fixtures.keys.receiptChain.root]).verify(base64Receipt: receipt).receipt
            let forged = try AppReceiptBuilder(chain: otherChain).buildBase64(payload)
            #expect(try await verify(api, "sandbox", receipt: forged, password: nil).status == .receiptNotAuthenticated)

            #expect(try await verify(api, "sandbox", receipt: "bm90IGEgcmVjZWlwdA==", password: nil).status == .malformedReceiptData)
            let reply = try await api.call(.post, "/verifyReceipt/sandbox", body: "{", authorized: false)
            #expect(try reply.decode(VerifyReceiptResponse.self).status == .malformedReceiptData)
        }
    }

    @Test("injected retryable statuses answer first, flagged is-retryable", arguments: [21002, 21005, 21009, 21100, 21199])
    func injectedStatuses(status: Int) async throws {
        try await withEndpoints { api, simulator in
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            let receipt = try simulator.appReceipt(accountId: Fixtures.alice, bundleId: Fixtures.bundleId)
            simulator.addFault(ReceiptFaultRule(status: VerifyReceiptStatus(rawValue: status), count: 1, environment: .sandbox))
            let faulted = try await verify(api, "sandbox", receipt: receipt, password: nil)
            #expect(faulted.status.rawValue == status && faulted.isRetryable?.value == true)
            #expect(try await verify(api, "sandbox", receipt: receipt, password: nil).status == .valid)
        }
    }
}
