import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Apple-shaped payloads for one-time purchases and the non-purchase notifications.
enum V2Fixture {
    static let signed = Clock.day(3)

    static func purchase(
        _ type: ProductType, id: String = "2000000777000001", product: String = "com.example.gems.100",
        revoked: Timestamp? = nil, ownership: InAppOwnershipType = .purchased
    ) -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            transactionId: id, originalTransactionId: id, bundleId: "com.example.app", productId: product,
            purchaseDate: Clock.day(1), originalPurchaseDate: Clock.day(1), quantity: 1, type: type,
            appAccountToken: UUID(uuidString: "7E3A5C1D-7D2B-4E8F-9A61-2B0C4D5E6F70"), inAppOwnershipType: ownership,
            signedDate: signed, revocationReason: revoked == nil ? nil : .appIssue, revocationDate: revoked,
            revocationType: revoked == nil ? nil : (ownership == .familyShared ? .familyRevoke : .refundFull),
            revocationPercentage: revoked == nil ? nil : 100_000, environment: .production, storefront: "USA",
            storefrontId: "143441", transactionReason: .purchase, price: 990, currency: "USD")
    }

    static func payload(
        _ type: NotificationTypeV2?, _ subtype: NotificationSubtype? = nil,
        data: NotificationData? = NotificationData(
            appAppleId: 1_234_567_890, bundleId: "com.example.app", bundleVersion: "42", environment: .production,
            signedTransactionInfo: "<verified>"),
        summary: Summary? = nil, token: ExternalPurchaseToken? = nil, appData: AppData? = nil, signedDate: Timestamp? = signed
    ) -> ResponseBodyV2DecodedPayload {
        ResponseBodyV2DecodedPayload(
            notificationType: type, subtype: subtype, notificationUUID: "0a6f3a27-6a43-4b51-9d7e-0d2b5c3e1f00", data: data,
            summary: summary, externalPurchaseToken: token, appData: appData, version: "2.0", signedDate: signedDate)
    }
}

@Suite("V2 notification interpretation")
struct NotificationInterpreterTests {
    struct OneTimeCase: Sendable, CustomTestStringConvertible {
        var type: NotificationTypeV2
        var productType: ProductType
        var revoked: Bool
        var ownership: InAppOwnershipType = .purchased
        var event: OneTimePurchaseFact.Event
        var testDescription: String { "\(type.rawValue) of a \(productType.rawValue)" }
    }

    static let oneTimeCases: [OneTimeCase] = [
        OneTimeCase(type: .oneTimeCharge, productType: .consumable, revoked: false, event: .charged),
        OneTimeCase(type: .oneTimeCharge, productType: .nonConsumable, revoked: false, event: .charged),
        OneTimeCase(type: .oneTimeCharge, productType: .nonRenewingSubscription, revoked: false, event: .charged),
        OneTimeCase(type: .refund, productType: .consumable, revoked: true, event: .refunded),
        OneTimeCase(type: .refund, productType: .nonRenewingSubscription, revoked: true, event: .refunded),
        OneTimeCase(type: .refundReversed, productType: .nonConsumable, revoked: false, event: .refundReversed),
        OneTimeCase(type: .refundDeclined, productType: .consumable, revoked: false, event: .refundDeclined),
        OneTimeCase(type: .revoke, productType: .nonConsumable, revoked: true, ownership: .familyShared, event: .revoked),
    ]

    @Test(arguments: oneTimeCases)
    func oneTimePurchase(_ testCase: OneTimeCase) throws {
        let transaction = V2Fixture.purchase(
            testCase.productType, revoked: testCase.revoked ? Clock.day(2) : nil, ownership: testCase.ownership)
        let fact = NotificationInterpreter.interpret(V2Fixture.payload(testCase.type), transaction: transaction)
        let expected = try AppleTransaction(transaction, source: .notification)
        #expect(
            fact
                == .oneTimePurchase(
                    OneTimePurchaseFact(
                        event: testCase.event, transaction: expected,
                        notification: NotificationInfo(type: testCase.type, notificationUUID: "0a6f3a27-6a43-4b51-9d7e-0d2b5c3e1f00"),
                        signedDate: V2Fixture.signed)))
        #expect(expected.revocationDate == (testCase.revoked ? Clock.day(2) : nil))
        #expect(expected.appAccountToken != nil)
    }

    @Test("CONSUMPTION_REQUEST of a consumable carries the transaction and the reason")
    func consumptionRequest() throws {
        var data = V2Fixture.payload(.consumptionRequest).data
        data?.consumptionRequestReason = .unintendedPurchase
        let transaction = V2Fixture.purchase(.consumable)
        let fact = NotificationInterpreter.interpret(V2Fixture.payload(.consumptionRequest, data: data), transaction: transaction)
        guard case .consumptionRequest(let request) = fact else {
            Issue.record("expected a consumption request, got \(fact)")
            return
        }
        #expect(request.transaction == (try AppleTransaction(transaction, source: .notification)))
        #expect(request.reason == .unintendedPurchase)
        #expect(request.subscription == nil)
    }

    @Test("CONSUMPTION_REQUEST of an auto-renewable subscription also carries the subscription fact")
    func subscriptionConsumptionRequest() throws {
        var apple = SimulatedApple()
        _ = apple.subscribe(.plus)
        let delivery = apple.notify(.consumptionRequest)
        var payload = try #require(delivery.payload)
        payload.data?.consumptionRequestReason = .unsatisfiedWithPurchase
        let fact = NotificationInterpreter.interpret(payload, transaction: delivery.transaction, renewalInfo: delivery.renewal)
        guard case .consumptionRequest(let request) = fact else {
            Issue.record("expected a consumption request, got \(fact)")
            return
        }
        #expect(request.reason == .unsatisfiedWithPurchase)
        #expect(request.subscription?.originalTransactionId == apple.originalTransactionId)
        #expect(request.subscription?.renewalInfo != nil)
    }

    @Test("RENEWAL_EXTENSION/SUMMARY carries the summary and no transaction")
    func renewalExtensionSummary() {
        let summary = Summary(
            requestIdentifier: "f0e1d2c3-b4a5-4697-8877-665544332211", environment: .production, appAppleId: 1_234_567_890,
            bundleId: "com.example.app", productId: SimProduct.plus.id, storefrontCountryCodes: ["USA", "CAN"],
            failedCount: 2, succeededCount: 1_024)
        let fact = NotificationInterpreter.interpret(V2Fixture.payload(.renewalExtension, .summary, data: nil, summary: summary))
        guard case .renewalExtension(let outcome) = fact else {
            Issue.record("expected a renewal extension, got \(fact)")
            return
        }
        #expect(outcome.subtype == .summary)
        #expect(outcome.requestIdentifier == "f0e1d2c3-b4a5-4697-8877-665544332211")
        #expect(outcome.succeededCount == 1_024 && outcome.failedCount == 2)
        #expect(outcome.summary?.storefrontCountryCodes == ["USA", "CAN"])
        #expect(outcome.subscription == nil)
    }

    @Test("RENEWAL_EXTENSION/FAILURE carries the subscription it failed for")
    func renewalExtensionFailure() throws {
        var apple = SimulatedApple()
        _ = apple.subscribe(.plus)
        let delivery = apple.notify(.renewalExtension, .failure)
        let fact = try #require(delivery.interpreted)
        guard case .renewalExtension(let outcome) = fact else {
            Issue.record("expected a renewal extension, got \(fact)")
            return
        }
        #expect(outcome.subtype == .failure)
        #expect(outcome.subscription?.originalTransactionId == apple.originalTransactionId)
        // Applying the failure's subscription fact changes nothing Apple did not change.
        var run = LifecycleRun()
        try run.apply(apple.statusRefresh())
        let state = run.state
        let actions = SubscriptionLifecycle.apply(try #require(outcome.subscription), to: state).actions
        #expect(actions == [])
    }

    @Test("EXTERNAL_PURCHASE_TOKEN subtypes", arguments: [NotificationSubtype.unreported, .created, .activeTokenReminder])
    func externalPurchaseToken(_ subtype: NotificationSubtype) {
        let token = ExternalPurchaseToken(
            externalPurchaseId: "b2158121-7af9-49d4-9561-1f588205523e", tokenCreationDate: Clock.day(1),
            appAppleId: 1_234_567_890, bundleId: "com.example.app",
            tokenExpirationDate: subtype == .unreported ? nil : Clock.day(31),
            tokenType: subtype == .unreported ? nil : ExternalPurchaseTokenType(rawValue: "SERVICES"))
        let fact = NotificationInterpreter.interpret(V2Fixture.payload(.externalPurchaseToken, subtype, data: nil, token: token))
        #expect(
            fact
                == .externalPurchaseToken(
                    ExternalPurchaseTokenFact(
                        subtype: subtype, token: token,
                        notification: NotificationInfo(
                            type: .externalPurchaseToken, subtype: subtype, notificationUUID: "0a6f3a27-6a43-4b51-9d7e-0d2b5c3e1f00"),
                        signedDate: V2Fixture.signed)))
    }

    @Test("RESCIND_CONSENT carries the app data")
    func rescindConsent() {
        let appData = AppData(
            appAppleId: 1_234_567_890, bundleId: "com.example.app", environment: .production, signedAppTransactionInfo: "<jws>")
        let fact = NotificationInterpreter.interpret(V2Fixture.payload(.rescindConsent, data: nil, appData: appData))
        guard case .consentRescinded(let rescinded) = fact else {
            Issue.record("expected consent rescinded, got \(fact)")
            return
        }
        #expect(rescinded.appData == appData)
        #expect(rescinded.signedDate == V2Fixture.signed)
    }

    @Test("TEST")
    func test() {
        let fact = NotificationInterpreter.interpret(
            V2Fixture.payload(.test, data: NotificationData(bundleId: "com.example.app", environment: .sandbox)))
        #expect(
            fact
                == .test(
                    TestNotificationFact(
                        notification: NotificationInfo(type: .test, notificationUUID: "0a6f3a27-6a43-4b51-9d7e-0d2b5c3e1f00"),
                        signedDate: V2Fixture.signed, environment: .sandbox, bundleId: "com.example.app")))
    }

    struct IgnoredCase: Sendable, CustomTestStringConvertible {
        var name: String
        var payload: ResponseBodyV2DecodedPayload
        var transaction: JWSTransactionDecodedPayload?
        var reason: IgnoredNotification.Reason
        var testDescription: String { name }
    }

    static let ignoredCases: [IgnoredCase] = {
        var nameless = V2Fixture.purchase(.consumable)
        nameless.transactionId = nil
        var sandboxTransaction = V2Fixture.purchase(.consumable)
        sandboxTransaction.environment = .sandbox
        var apple = SimulatedApple()
        _ = apple.subscribe(.plus)
        return [
            IgnoredCase(
                name: "a type Apple added later", payload: V2Fixture.payload(NotificationTypeV2(rawValue: "SUBSCRIPTION_PAUSED")),
                transaction: V2Fixture.purchase(.consumable), reason: .unknownType),
            IgnoredCase(name: "no notificationType", payload: V2Fixture.payload(nil), reason: .missingType),
            IgnoredCase(name: "no signedDate anywhere", payload: V2Fixture.payload(.test, signedDate: nil), reason: .missingSignedDate),
            IgnoredCase(
                name: "SUBSCRIBED without its transaction", payload: V2Fixture.payload(.subscribed, .initialBuy),
                reason: .missingData("signedTransactionInfo")),
            IgnoredCase(
                name: "REFUND without its transaction", payload: V2Fixture.payload(.refund), reason: .missingData("signedTransactionInfo")),
            IgnoredCase(
                name: "EXTERNAL_PURCHASE_TOKEN without a token", payload: V2Fixture.payload(.externalPurchaseToken, .unreported, data: nil),
                reason: .missingData("externalPurchaseToken")),
            IgnoredCase(
                name: "RENEWAL_EXTENSION with neither summary nor data", payload: V2Fixture.payload(.renewalExtension, .summary, data: nil),
                reason: .missingData("summary")),
            IgnoredCase(
                name: "ONE_TIME_CHARGE of an auto-renewable subscription", payload: V2Fixture.payload(.oneTimeCharge),
                transaction: apple.current, reason: .unexpectedProductType(.autoRenewableSubscription)),
            IgnoredCase(
                name: "DID_RENEW of a consumable", payload: V2Fixture.payload(.didRenew),
                transaction: V2Fixture.purchase(.consumable), reason: .unexpectedProductType(.consumable)),
            IgnoredCase(
                name: "a transaction without transactionId", payload: V2Fixture.payload(.oneTimeCharge), transaction: nameless,
                reason: .invalidPayload("transaction has no transactionId")),
            IgnoredCase(
                name: "payload and transaction in different environments", payload: V2Fixture.payload(.didRenew),
                transaction: {
                    var t = apple.current
                    t?.environment = .sandbox
                    return t
                }(), reason: .invalidPayload("notification environment Production differs from its payloads' Sandbox")),
        ]
    }()

    @Test("what cannot be interpreted is recorded, never dropped", arguments: ignoredCases)
    func ignored(_ testCase: IgnoredCase) {
        let fact = NotificationInterpreter.interpret(testCase.payload, transaction: testCase.transaction)
        guard case .ignored(let ignored) = fact else {
            Issue.record("expected ignored, got \(fact)")
            return
        }
        #expect(ignored.reason == testCase.reason)
        #expect(ignored.type == testCase.payload.notificationType)
        #expect(ignored.notificationUUID == testCase.payload.notificationUUID)
    }

    @Test("every documented V2 type and subtype is covered by a test case")
    func coverage() {
        var types = Set(SubscriptionNotificationCase.all.map(\.type))
        var subtypes = Set(SubscriptionNotificationCase.all.compactMap(\.subtype))
        types.formUnion(Self.oneTimeCases.map(\.type))
        types.formUnion([.consumptionRequest, .renewalExtension, .externalPurchaseToken, .rescindConsent, .test])
        subtypes.formUnion([.summary, .failure, .unreported, .created, .activeTokenReminder])
        types.formUnion(SeatNotificationInterpreterTests.cases.map(\.type))
        subtypes.formUnion(SeatNotificationInterpreterTests.cases.compactMap(\.subtype))
        #expect(
            Set(NotificationTypeV2.knownValues).subtracting(types).isEmpty,
            "untested: \(Set(NotificationTypeV2.knownValues).subtracting(types))")
        #expect(
            Set(NotificationSubtype.knownValues).subtracting(subtypes).isEmpty,
            "untested: \(Set(NotificationSubtype.knownValues).subtracting(subtypes))")
    }
}
