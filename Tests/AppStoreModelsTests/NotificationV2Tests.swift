import AppStoreModels
import Foundation
import Testing

@Suite("App Store Server Notifications V2")
struct NotificationV2Tests {
    @Test("The request body holds the signed payload")
    func responseBodyV2() throws {
        let jws = try Fixture.text("conformance/jws/001.jws").trimmingCharacters(in: .whitespacesAndNewlines)
        let body = try JSON.decode(ResponseBodyV2.self, "{\"signedPayload\":\"\(jws)\"}")
        #expect(body.signedPayload == jws)
        let payload = try CompactJWS.decodePayload(ResponseBodyV2DecodedPayload.self, body.signedPayload)
        #expect(payload.notificationType == .test)
        #expect(payload.subtype == nil)
        #expect(payload.data?.appAppleId == nil)
        #expect(throws: DecodingError.self) { try JSON.decode(ResponseBodyV2.self, "{}") }
    }

    @Test("A RENEWAL_EXTENSION summary decodes")
    func summary() throws {
        let payload = try Fixture.decode(ResponseBodyV2DecodedPayload.self, "signed-payloads/notification-summary.json")
        #expect(payload.notificationType == .renewalExtension)
        #expect(payload.subtype == .summary)
        let summary = try #require(payload.summary)
        #expect(summary.requestIdentifier == "efb27071-45a4-4aca-9854-2a1e9146f265")
        #expect(summary.environment == .production && payload.environment == .production)
        #expect(summary.appAppleId == 41234 && summary.bundleId == "com.example" && payload.bundleId == "com.example")
        #expect(summary.productId == "com.example.product")
        #expect(summary.storefrontCountryCodes == ["CAN", "USA", "MEX"])
        #expect(summary.failedCount == 5)
        #expect(summary.succeededCount == 1_234_567_890_123)
        #expect(payload.data == nil)
    }

    @Test("An EXTERNAL_PURCHASE_TOKEN notification decodes, and its required fields are enforced")
    func externalPurchaseToken() throws {
        let payload = try Fixture.decode(ResponseBodyV2DecodedPayload.self, "signed-payloads/notification-external-purchase-token.json")
        #expect(payload.notificationType == .externalPurchaseToken && payload.subtype == .activeTokenReminder)
        let token = try #require(payload.externalPurchaseToken)
        #expect(token.externalPurchaseId == "b2158121-7af9-49d4-9561-1f588205523e")
        #expect(token.tokenCreationDate.millisecondsSince1970 == 1_749_000_000_000)
        #expect(token.tokenExpirationDate?.millisecondsSince1970 == 1_751_592_000_000)
        #expect(token.appAppleId == 55555 && token.bundleId == "com.example")
        #expect(token.tokenType == .services)
        #expect(payload.environment == nil && payload.bundleId == "com.example")
        #expect(throws: DecodingError.self) {
            try JSON.decode(ExternalPurchaseToken.self, #"{"externalPurchaseId":"x","appAppleId":1,"bundleId":"b"}"#)
        }
    }

    @Test("A RESCIND_CONSENT notification carries appData")
    func rescindConsent() throws {
        let payload = try Fixture.decode(ResponseBodyV2DecodedPayload.self, "signed-payloads/notification-rescind-consent.json")
        #expect(payload.notificationType == .rescindConsent)
        let appData = try #require(payload.appData)
        #expect(appData.appAppleId == 6_747_332_178 && appData.bundleId == "com.example.kids")
        #expect(appData.environment == .production && payload.environment == .production)
        let appTransaction = try CompactJWS.decodePayload(AppTransaction.self, try #require(appData.signedAppTransactionInfo))
        #expect(appTransaction.bundleId == "com.example.kids")
    }

    @Test("A CONSUMPTION_REQUEST notification carries the customer's reason")
    func consumptionRequest() throws {
        let payload = try Fixture.decode(ResponseBodyV2DecodedPayload.self, "signed-payloads/notification-consumption-request.json")
        #expect(payload.notificationType == .consumptionRequest)
        #expect(payload.data?.consumptionRequestReason == .unintendedPurchase)
        #expect(payload.data?.status == nil && payload.data?.signedRenewalInfo == nil)
    }

    @Test("Undocumented notification types, subtypes and statuses are kept")
    func undocumentedValues() throws {
        let json = """
            {"notificationType":"SUBSCRIPTION_PAUSED","subtype":"BY_PARENT","notificationUUID":"u","version":"2.1",
             "signedDate":1,"data":{"status":9,"environment":"Staging","consumptionRequestReason":"NEW_REASON"},"futureObject":{"a":1}}
            """
        let payload = try JSON.decode(ResponseBodyV2DecodedPayload.self, json)
        #expect(payload.notificationType?.rawValue == "SUBSCRIPTION_PAUSED" && payload.notificationType?.isKnown == false)
        #expect(payload.subtype?.rawValue == "BY_PARENT")
        #expect(payload.data?.status?.rawValue == 9)
        #expect(payload.data?.environment?.rawValue == "Staging")
        #expect(payload.data?.consumptionRequestReason?.rawValue == "NEW_REASON")
        #expect(try JSON.roundTrip(payload) == payload)
    }

    @Test(
        "Re-encoding a notification fixture reproduces it key for key",
        arguments: [
            "notification-001", "notification-003", "notification-006", "notification-009", "notification-012",
            "notification-015", "notification-018", "notification-summary", "notification-external-purchase-token",
            "notification-rescind-consent", "notification-consumption-request",
        ])
    func reEncodingIsLossless(name: String) throws {
        let path = "signed-payloads/\(name).json"
        let encoded = try JSON.tree(Fixture.decode(ResponseBodyV2DecodedPayload.self, path))
        let original = try JSON.tree(fixture: path)
        #expect(encoded == original, "\(encoded.differences(from: original))")
    }

    @Test(
        "Malformed notification values throw",
        arguments: [
            #"{"signedDate":"1704252843514"}"#,
            #"{"data":{"appAppleId":"6473983973"}}"#,
            #"{"data":{"status":"1"}}"#,
            #"{"summary":{"succeededCount":"12"}}"#,
            #"{"notificationType":7}"#,
            #"{"data":[]}"#,
        ])
    func malformed(json: String) {
        #expect(throws: DecodingError.self) { try JSON.decode(ResponseBodyV2DecodedPayload.self, json) }
    }
}
