import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

@Suite("What the simulator signs")
struct SigningTests {
    @Test("transactions, renewal infos, notifications with nested data and app transactions verify under the simulator's root")
    func everythingVerifiesUnderTheSimulatorRoot() async throws {
        let simulator = try Fixtures.simulator()
        let token = UUID()
        let purchase = try await simulator.purchase(
            Fixtures.purchase(DemoCatalog.monthly, offer: PurchaseOffer(kind: .introductory), token: token))
        let verifier = try Fixtures.verifier(environments: [.sandbox])

        let transaction = try verifier.verifyTransaction(purchase.signedTransaction)
        #expect(transaction == purchase.transaction.with(signedDate: transaction.signedDate))
        #expect(transaction.appAccountToken == token)
        #expect(transaction.offerType == .introductoryOffer)
        #expect(transaction.offerDiscountType == .freeTrial)
        #expect(transaction.offerPeriod == "P1W")
        #expect(transaction.price == 0)
        #expect(transaction.type == .autoRenewableSubscription)
        #expect(transaction.transactionReason == .purchase)
        #expect(transaction.inAppOwnershipType == .purchased)
        #expect(transaction.storefront == "USA" && transaction.storefrontId == "143441" && transaction.currency == "USD")
        #expect(transaction.webOrderLineItemId?.allSatisfy(\.isNumber) == true)
        #expect(transaction.transactionId?.allSatisfy(\.isNumber) == true)
        #expect(transaction.expiresDate == Timestamp(Fixtures.start).adding(milliseconds: 3 * 60_000))

        let originalId = try #require(transaction.originalTransactionId)
        let renewal = try verifier.verifyRenewalInfo(try simulator.signedRenewalInfo(originalTransactionId: originalId))
        #expect(renewal.autoRenewStatus == .on)
        #expect(renewal.autoRenewProductId == DemoCatalog.monthly)
        #expect(renewal.renewalDate == transaction.expiresDate)
        #expect(renewal.renewalPrice == 4990 && renewal.currency == "USD")
        #expect(renewal.appAccountToken == token)

        let record = try #require(simulator.notifications().last { $0.accountId == Fixtures.alice })
        let notification = try verifier.verifyNotification(record.signedPayload)
        #expect(notification.payload.notificationType == .subscribed)
        #expect(notification.payload.subtype == .initialBuy)
        #expect(notification.payload.version == "2.0")
        #expect(notification.payload.notificationUUID == notification.payload.notificationUUID?.lowercased())
        #expect(notification.payload.notificationUUID.flatMap(UUID.init(uuidString:)) != nil)
        #expect(notification.payload.data?.status == .active)
        #expect(notification.payload.data?.appAppleId == nil, "Apple omits appAppleId in sandbox")
        #expect(notification.payload.data?.bundleVersion == "1")
        #expect(notification.transaction?.transactionId == transaction.transactionId)
        #expect(notification.renewalInfo?.originalTransactionId == originalId)

        let appTransaction = try verifier.verifyAppTransaction(
            try simulator.signedAppTransaction(accountId: Fixtures.alice, bundleId: Fixtures.bundleId))
        #expect(appTransaction.appTransactionId == transaction.appTransactionId)
        #expect(appTransaction.receiptType == .sandbox)
        #expect(appTransaction.originalPurchaseDate == Timestamp(Fixtures.start))
    }

    @Test("production data carries appAppleId and verifies bound to Production")
    func productionCarriesAppAppleId() async throws {
        let simulator = try Fixtures.simulator()
        let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems, account: Fixtures.bob))
        let verifier = SignedDataVerifier(
            trustedRoots: try Fixtures.keys.trustedRoots,
            expectations: .init(bundleId: Fixtures.bundleId, appAppleId: 1_234_567_890, environments: [.production]))
        let notification = try verifier.verifyNotification(try #require(simulator.notifications().last).signedPayload)
        #expect(notification.payload.data?.appAppleId == 1_234_567_890)
        #expect(notification.payload.notificationType == .oneTimeCharge)
        #expect(notification.payload.data?.status == nil, "status is for auto-renewable subscriptions only")
        #expect(try verifier.verifyTransaction(purchase.signedTransaction).environment == .production)
        #expect(throws: VerificationError.self) {
            try Fixtures.verifier(environments: [.sandbox]).verifyTransaction(purchase.signedTransaction)
        }
    }

    @Test("Apple's roots reject everything the simulator signs with invalidCertificateChain")
    func appleRootsRejectSimulatorData() async throws {
        let simulator = try Fixtures.simulator()
        let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
        let apple = SignedDataVerifier()
        let originalId = try #require(purchase.transaction.originalTransactionId)
        let signed: [(String, (String) throws -> Void)] = [
            (purchase.signedTransaction, { _ = try apple.verifyTransaction($0) }),
            (try simulator.signedRenewalInfo(originalTransactionId: originalId), { _ = try apple.verifyRenewalInfo($0) }),
            (try #require(simulator.notifications().last).signedPayload, { _ = try apple.verifyNotification($0) }),
            (
                try simulator.signedAppTransaction(accountId: Fixtures.alice, bundleId: Fixtures.bundleId),
                { _ = try apple.verifyAppTransaction($0) }
            ),
        ]
        for (jws, verify) in signed {
            #expect {
                try verify(jws)
            } throws: { error in
                (error as? VerificationError)?.code == .invalidCertificateChain
            }
        }
    }

    @Test("legacy receipts verify under the simulator's RSA root, carry the in-app fields, and fail under Apple's")
    func receiptsVerifyUnderTheReceiptRoot() async throws {
        let simulator = try Fixtures.simulator()
        let subscription = try await simulator.purchase(
            Fixtures.purchase(DemoCatalog.monthly, offer: PurchaseOffer(kind: .introductory)))
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
        let base64 = try simulator.appReceipt(accountId: Fixtures.alice, bundleId: Fixtures.bundleId)

        let verifier = AppReceiptVerifier(
            trustedRoots: [Fixtures.keys.receiptChain.root],
            expectations: .init(bundleId: Fixtures.bundleId, environments: [.sandbox]))
        let receipt = try verifier.verify(base64Receipt: base64).receipt
        #expect(receipt.receiptType == .productionSandbox)
        #expect(receipt.inApp.count == 2)
        let inApp = try #require(receipt.inApp.first { $0.productId == DemoCatalog.monthly })
        #expect(inApp.transactionId == subscription.transaction.transactionId)
        #expect(inApp.webOrderLineItemId.map(String.init) == subscription.transaction.webOrderLineItemId)
        #expect(inApp.expiresDate == subscription.transaction.expiresDate)
        #expect(inApp.isTrialPeriod == true)

        #expect {
            try AppReceiptVerifier().verify(base64Receipt: base64)
        } throws: { error in
            (error as? VerificationError)?.code == .invalidCertificateChain
        }
    }

    @Test("a restarted simulator keeps its chain and its purchases")
    func stateAndChainSurviveRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simulator-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try AppStoreSimulator(configuration: .init(clockMode: .manual, start: Fixtures.start, stateDirectory: directory))
        try first.configureApp(DemoCatalog.app(notificationURL: nil))
        try first.upsertAccount(SimulatedAccount(id: "demo"))
        let purchase = try await first.purchase(
            PurchaseRequest(accountId: "demo", bundleId: DemoCatalog.bundleId, productId: DemoCatalog.removeAds))
        try await first.advance(byMilliseconds: 60_000)

        let second = try AppStoreSimulator(configuration: .init(clockMode: .manual, stateDirectory: directory))
        #expect(try second.keys.rootCertificatePEM == first.keys.rootCertificatePEM)
        #expect(second.now() == Timestamp(Fixtures.start).adding(milliseconds: 60_000))
        let id = try #require(purchase.transaction.transactionId)
        let verifier = SignedDataVerifier(trustedRoots: try TrustedRoots(pem: try first.keys.rootCertificatePEM))
        #expect(try verifier.verifyTransaction(try second.signedTransaction(id: id)).transactionId == id)
        #expect(second.notifications().count == 1)
    }
}

extension JWSTransactionDecodedPayload {
    func with(signedDate: Timestamp?) -> JWSTransactionDecodedPayload {
        var copy = self
        copy.signedDate = signedDate
        return copy
    }
}
