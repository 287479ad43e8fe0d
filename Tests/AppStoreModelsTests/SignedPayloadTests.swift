import AppStoreModels
import Foundation
import Testing

@Suite("Signed payloads (JWS)")
struct SignedPayloadTests {
    static let transactions = ConformanceManifest.vectors(kind: "transaction")
    static let renewals = ConformanceManifest.vectors(kind: "renewalInfo")
    static let notifications = ConformanceManifest.vectors(kind: "notification")

    @Test("The conformance manifest lists every vector kind")
    func manifestIsLoaded() {
        #expect(Self.transactions.count == 8)
        #expect(Self.renewals.count == 7)
        #expect(Self.notifications.count == 7)
    }

    @Test("Apple-signed transactions decode to the manifest's values", arguments: transactions)
    func transaction(_ vector: ConformanceManifest.Vector) throws {
        let jws = try ConformanceManifest.jws(vector)
        let payload = try CompactJWS.decodePayload(JWSTransactionDecodedPayload.self, jws)
        let expected = vector.decoded
        #expect(payload.transactionId == expected.transactionId)
        #expect(payload.originalTransactionId == expected.originalTransactionId)
        #expect(payload.webOrderLineItemId == expected.webOrderLineItemId)
        #expect(payload.productId == expected.productId)
        #expect(payload.type?.rawValue == expected.type)
        #expect(payload.type?.isKnown == true)
        #expect(payload.bundleId == expected.bundleId)
        #expect(payload.environment == .sandbox)
        #expect(payload.environment?.rawValue == expected.environment)
        #expect(payload.signedDate?.millisecondsSince1970 == expected.signedDate)
        #expect(payload.expiresDate?.millisecondsSince1970 == expected.expiresDate)
        #expect(payload.purchaseDate?.millisecondsSince1970 == expected.purchaseDate)
        #expect(payload.transactionReason?.rawValue == expected.transactionReason)
        #expect(payload.price == expected.price)
        #expect(payload.currency == expected.currency)
        #expect(payload.storefront == expected.storefront)
        #expect(payload.inAppOwnershipType == .purchased)
        #expect(payload.quantity == 1)
        #expect(payload.appAccountToken.map { $0.uuidString.lowercased() } == expected.appAccountToken)
        #expect(payload.isRevoked == false)
        try expectSameAsFixture(payload, vector)
    }

    @Test("Apple-signed renewal information decodes to the manifest's values", arguments: renewals)
    func renewalInfo(_ vector: ConformanceManifest.Vector) throws {
        let payload = try CompactJWS.decodePayload(JWSRenewalInfoDecodedPayload.self, ConformanceManifest.jws(vector))
        let expected = vector.decoded
        #expect(payload.originalTransactionId == expected.originalTransactionId)
        #expect(payload.productId == expected.productId)
        #expect(payload.autoRenewProductId == expected.autoRenewProductId)
        #expect(payload.autoRenewStatus?.rawValue == expected.autoRenewStatus)
        #expect(payload.autoRenewStatus == .on)
        #expect(payload.environment?.rawValue == expected.environment)
        #expect(payload.signedDate?.millisecondsSince1970 == expected.signedDate)
        #expect(payload.currency == expected.currency)
        #expect(payload.recentSubscriptionStartDate != nil)
        try expectSameAsFixture(payload, vector)
    }

    @Test("Apple-signed notifications decode to the manifest's values", arguments: notifications)
    func notification(_ vector: ConformanceManifest.Vector) throws {
        let payload = try CompactJWS.decodePayload(ResponseBodyV2DecodedPayload.self, ConformanceManifest.jws(vector))
        let expected = vector.decoded
        #expect(payload.notificationType?.rawValue == expected.notificationType)
        #expect(payload.notificationType?.isKnown == true)
        #expect(payload.subtype?.rawValue == expected.subtype)
        #expect(payload.notificationUUID == expected.notificationUUID)
        #expect(payload.signedDate?.millisecondsSince1970 == expected.signedDate)
        #expect(payload.version == "2.0")
        #expect(payload.data?.bundleId == expected.bundleId)
        #expect(payload.bundleId == expected.bundleId)
        #expect(payload.data?.environment?.rawValue == expected.environment)
        #expect(payload.environment == .sandbox)
        #expect(payload.data?.appAppleId == expected.appAppleId)
        #expect(payload.summary == nil && payload.externalPurchaseToken == nil && payload.appData == nil)
        if payload.notificationType != .test {
            #expect(payload.data?.status == .active)
            #expect(payload.data?.bundleVersion != nil)
        }
        try expectSameAsFixture(payload, vector)
    }

    @Test("Transaction and renewal info nested in a notification decode and match their own vectors")
    func nestedSignedData() throws {
        let notification = try CompactJWS.decodePayload(
            ResponseBodyV2DecodedPayload.self, Fixture.text("conformance/jws/003.jws"))
        let signedTransaction = try #require(notification.data?.signedTransactionInfo)
        let signedRenewal = try #require(notification.data?.signedRenewalInfo)
        let transaction = try CompactJWS.decodePayload(JWSTransactionDecodedPayload.self, signedTransaction)
        let renewal = try CompactJWS.decodePayload(JWSRenewalInfoDecodedPayload.self, signedRenewal)
        #expect(transaction == (try Fixture.decode(JWSTransactionDecodedPayload.self, "signed-payloads/transaction-004.json")))
        #expect(renewal == (try Fixture.decode(JWSRenewalInfoDecodedPayload.self, "signed-payloads/renewalInfo-005.json")))
        #expect(transaction.transactionId == "2000000492007794")
        #expect(transaction.subscriptionGroupIdentifier == "21421808")
        #expect(transaction.storefrontId == "143441")
        #expect(transaction.originalPurchaseDate?.millisecondsSince1970 == 1_704_252_818_000)
        #expect(renewal.renewalDate?.millisecondsSince1970 == 1_704_252_991_000)
    }

    @Test("StoreKit's device verification fields and the app transaction identifier are kept")
    func deviceVerification() throws {
        let payload = try Fixture.decode(JWSTransactionDecodedPayload.self, "signed-payloads/transaction-037.json")
        #expect(payload.deviceVerification == "O6uHu8svDBSEYJpnSyxbfpsz0YcqbNCHf9BEt1BoTq1NNdRIdEshdp5HMmTf4cSS")
        #expect(payload.deviceVerificationNonce == UUID(uuidString: "88207fd1-7189-48f0-b032-7498f458747c"))
        #expect(payload.appTransactionId == "705007430846512199")
        #expect(payload.transactionReason == .renewal)
        let consumable = try Fixture.decode(JWSTransactionDecodedPayload.self, "signed-payloads/transaction-035.json")
        #expect(consumable.type == .consumable)
        #expect(consumable.expiresDate == nil && consumable.webOrderLineItemId == nil)
        #expect(consumable.price == 230_000 && consumable.currency == "JPY")
    }

    @Test("Every documented transaction field decodes")
    func documentedTransactionFields() throws {
        let payload = try Fixture.decode(JWSTransactionDecodedPayload.self, "signed-payloads/transaction-documented-fields.json")
        #expect(payload.previousOriginalTransactionId == "2000000700000001")
        #expect(payload.appAccountToken == UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"))
        #expect(payload.revocationReason == .appIssue)
        #expect(payload.revocationDate == Timestamp(millisecondsSince1970: 1_719_792_000_000))
        #expect(payload.revocationType == .refundProrated)
        #expect(payload.revocationPercentage == 67_932)
        #expect(payload.isRevoked)
        #expect(payload.isUpgraded == true)
        #expect(payload.offerType == .winBackOffer)
        #expect(payload.offerIdentifier == "winback.yearly.half")
        #expect(payload.offerDiscountType == .payUpFront)
        #expect(payload.offerPeriod == "P1Y")
        #expect(payload.environment == .production)
        #expect(payload.storefront == "FRA" && payload.storefrontId == "143442")
        #expect(payload.price == 49_990 && payload.currency == "EUR")
        #expect(payload.billingPlanType == .monthly)
        #expect(
            payload.commitmentInfo
                == TransactionCommitmentInfo(
                    billingPeriodNumber: 3, totalBillingPeriods: 12,
                    commitmentExpiresDate: Timestamp(millisecondsSince1970: 1_748_736_000_000), commitmentPrice: 119_880))
        let commerce = try #require(payload.advancedCommerceInfo)
        #expect(commerce.descriptors == AdvancedCommerceDescriptors(description: "Creator tier", displayName: "Gold"))
        #expect(commerce.estimatedTax == 1200 && commerce.taxExclusivePrice == 8790 && commerce.taxRate == "0.200")
        #expect(commerce.period == .oneMonth && commerce.taxCode == "C003-00-2")
        let item = try #require(commerce.items?.first)
        #expect(item.sku == "creator.gold.monthly")
        #expect(item.offer == AdvancedCommerceOffer(period: .oneMonth, periodCount: 2, price: 4990, reason: .acquisition))
        #expect(item.refunds?.first?.refundType == .custom)
        #expect(item.refunds?.first?.refundReason == .fulfillmentIssue)
        #expect(item.refunds?.first?.refundDate?.millisecondsSince1970 == 1_719_792_000_000)
        #expect(try JSON.tree(payload) == JSON.tree(fixture: "signed-payloads/transaction-documented-fields.json"))
    }

    @Test("Every documented renewal info field decodes")
    func documentedRenewalFields() throws {
        let payload = try Fixture.decode(JWSRenewalInfoDecodedPayload.self, "signed-payloads/renewalInfo-documented-fields.json")
        #expect(payload.expirationIntent == .didNotConsentToPriceIncrease)
        #expect(payload.autoRenewStatus == .off)
        #expect(payload.isInBillingRetryPeriod == true)
        #expect(payload.priceIncreaseStatus == .notResponded)
        #expect(payload.gracePeriodExpiresDate?.millisecondsSince1970 == 1_748_995_200_000)
        #expect(payload.offerType == .promotionalOffer && payload.offerDiscountType == .freeTrial && payload.offerPeriod == "P1M")
        #expect(payload.environment == .sandbox)
        #expect(payload.renewalPrice == 4990 && payload.currency == "EUR")
        #expect(payload.eligibleWinBackOfferIds == ["winback.best", "winback.good"])
        #expect(payload.renewalBillingPlanType == .billedUpfront)
        #expect(payload.commitmentInfo?.commitmentAutoRenewStatus == .on)
        #expect(payload.commitmentInfo?.commitmentRenewalBillingPlanType == .monthly)
        #expect(payload.commitmentInfo?.commitmentRenewalPrice == 119_880)
        let item = try #require(payload.advancedCommerceInfo?.items?.first)
        #expect(
            item.priceIncreaseInfo
                == AdvancedCommercePriceIncreaseInfo(
                    dependentSKUs: ["creator.gold.addon"], price: 11_990, status: .pending))
        #expect(payload.advancedCommerceInfo?.consistencyToken == "ct-01J0")
        #expect(try JSON.tree(payload) == JSON.tree(fixture: "signed-payloads/renewalInfo-documented-fields.json"))
    }

    @Test("The app transaction decodes every documented field")
    func appTransaction() throws {
        let payload = try Fixture.decode(AppTransaction.self, "signed-payloads/appTransaction-documented-fields.json")
        #expect(payload.receiptType == .production)
        #expect(payload.appAppleId == 6_473_983_973)
        #expect(payload.bundleId == "com.example.storekeeper")
        #expect(payload.applicationVersion == "14" && payload.originalApplicationVersion == "1")
        #expect(payload.versionExternalIdentifier == 865_432_109)
        #expect(payload.receiptCreationDate?.millisecondsSince1970 == 1_753_746_753_000)
        #expect(payload.signedDate == payload.receiptCreationDate)
        #expect(payload.originalPurchaseDate?.millisecondsSince1970 == 1_650_000_000_000)
        #expect(payload.preorderDate?.millisecondsSince1970 == 1_649_990_000_000)
        #expect(payload.deviceVerificationNonce == UUID(uuidString: "88207fd1-7189-48f0-b032-7498f458747c"))
        #expect(payload.appTransactionId == "704710420035190955")
        #expect(payload.originalPlatform == .iOS)
        #expect(try JSON.tree(payload) == JSON.tree(fixture: "signed-payloads/appTransaction-documented-fields.json"))
    }

    @Test("The JWS header decodes")
    func header() throws {
        let header = try Fixture.decode(JWSDecodedHeader.self, "signed-payloads/jws-header.json")
        #expect(header.alg == "ES256")
        #expect(header.x5c?.count == 3)
    }

    @Test(
        "Re-encoding any signed payload fixture reproduces it key for key",
        arguments: [
            "transaction-004", "transaction-007", "transaction-010", "transaction-013", "transaction-016", "transaction-019",
            "transaction-035", "transaction-037", "renewalInfo-005", "renewalInfo-008", "renewalInfo-011", "renewalInfo-014",
            "renewalInfo-017", "renewalInfo-020", "renewalInfo-038",
        ])
    func reEncodingIsLossless(name: String) throws {
        let path = "signed-payloads/\(name).json"
        let encoded =
            name.hasPrefix("transaction")
            ? try JSON.tree(Fixture.decode(JWSTransactionDecodedPayload.self, path))
            : try JSON.tree(Fixture.decode(JWSRenewalInfoDecodedPayload.self, path))
        let original = try JSON.tree(fixture: path)
        #expect(encoded == original, "\(encoded.differences(from: original))")
    }

    @Test("Unknown keys are tolerated")
    func unknownKeys() throws {
        let json = """
            {"transactionId":"1","someFieldAppAddsIn2030":{"nested":[1,2,3]},"price":1990,"type":"Bundle Subscription"}
            """
        let payload = try JSON.decode(JWSTransactionDecodedPayload.self, json)
        #expect(payload.transactionId == "1")
        #expect(payload.price == 1990)
        #expect(payload.type?.rawValue == "Bundle Subscription")
        #expect(payload.type?.isKnown == false)
    }

    @Test(
        "Malformed values throw instead of being dropped",
        arguments: [
            #"{"purchaseDate":"1704252811000"}"#,
            #"{"price":"32990"}"#,
            #"{"appAccountToken":"not-a-uuid"}"#,
            #"{"quantity":1.5}"#,
            #"{"offerType":"1"}"#,
            #"{"isUpgraded":"true"}"#,
            #"{"signedDate":null,"expiresDate":{}}"#,
        ])
    func malformed(json: String) {
        #expect(throws: DecodingError.self) { try JSON.decode(JWSTransactionDecodedPayload.self, json) }
    }

    @Test("Values built in code round-trip")
    func builtValuesRoundTrip() throws {
        let transaction = JWSTransactionDecodedPayload(
            transactionId: "42", originalTransactionId: "40", webOrderLineItemId: "7", bundleId: "com.example",
            productId: "gems", purchaseDate: Timestamp(millisecondsSince1970: 1), quantity: 3, type: .consumable,
            appAccountToken: UUID(), inAppOwnershipType: .purchased, signedDate: Timestamp(millisecondsSince1970: 2),
            environment: .xcode, transactionReason: .purchase, price: 990, currency: "USD")
        #expect(try JSON.roundTrip(transaction) == transaction)
        let renewal = JWSRenewalInfoDecodedPayload(
            originalTransactionId: "40", autoRenewStatus: .on, expirationIntent: ExpirationIntent(rawValue: 9))
        #expect(try JSON.roundTrip(renewal) == renewal)
        #expect(try JSON.encode(renewal) == #"{"autoRenewStatus":1,"expirationIntent":9,"originalTransactionId":"40"}"#)
    }

    private func expectSameAsFixture<T: Codable & Equatable>(_ payload: T, _ vector: ConformanceManifest.Vector) throws {
        let fixture = try Fixture.decode(T.self, ConformanceManifest.payloadFixture(vector))
        #expect(payload == fixture)
    }
}
