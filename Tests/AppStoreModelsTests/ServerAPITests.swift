import AppStoreModels
import Foundation
import Testing

@Suite("App Store Server API bodies")
struct ServerAPITests {
    @Test("Get Transaction Info and Get App Transaction Info")
    func transactionInfo() throws {
        let info = try Fixture.decode(TransactionInfoResponse.self, "api/transaction-info-response.json")
        #expect(info.signedTransactionInfo?.hasPrefix("eyJ") == true)
        let decoded = try CompactJWS.decodePayload(JWSTransactionDecodedPayload.self, try #require(info.signedTransactionInfo))
        #expect(decoded.transactionId == "2000")
        let app = try Fixture.decode(AppTransactionInfoResponse.self, "api/app-transaction-info-response.json")
        #expect(try CompactJWS.decodePayload(AppTransaction.self, try #require(app.signedAppTransactionInfo)).appAppleId == 1)
    }

    @Test("Get Transaction History")
    func history() throws {
        let history = try Fixture.decode(HistoryResponse.self, "api/history-response.json")
        #expect(history.revision == "revision_output")
        #expect(history.hasMore == true)
        #expect(history.bundleId == "com.example" && history.appAppleId == 323_232)
        #expect(history.environment == .localTesting)
        #expect(history.signedTransactions == ["signed_transaction_value", "signed_transaction_value2"])
    }

    @Test("Get All Subscription Statuses keeps undocumented statuses")
    func statuses() throws {
        let response = try Fixture.decode(StatusResponse.self, "api/status-response.json")
        #expect(response.environment == .sandbox && response.appAppleId == 5_454_545)
        let groups = try #require(response.data)
        #expect(groups.map(\.subscriptionGroupIdentifier) == ["sub_group_one", "sub_group_two"])
        let first = try #require(groups.first?.lastTransactions)
        #expect(first.map(\.status) == [.active, .revoked])
        #expect(first.map(\.originalTransactionId) == ["3749183", "5314314134"])
        #expect(first[0].signedRenewalInfo == "signed_renewal_one")
        let undocumented = try #require(groups.last?.lastTransactions?.first?.status)
        #expect(undocumented.rawValue == 6 && !undocumented.isKnown)
    }

    @Test("Refund history, order lookup and test notifications")
    func smallResponses() throws {
        let refunds = try Fixture.decode(RefundHistoryResponse.self, "api/refund-history-response.json")
        #expect(refunds.signedTransactions?.count == 2 && refunds.hasMore == true && refunds.revision == "revision_output")
        let order = try Fixture.decode(OrderLookupResponse.self, "api/order-lookup-response.json")
        #expect(order.status == .invalid && order.signedTransactions?.first == "signed_transaction_one")
        let token = try Fixture.decode(SendTestNotificationResponse.self, "api/send-test-notification-response.json")
        #expect(token.testNotificationToken == "ce3af791-365e-4c60-841b-1674b43c1609")
        let check = try Fixture.decode(CheckTestNotificationResponse.self, "api/check-test-notification-response.json")
        #expect(check.signedPayload == "signed_payload")
        #expect(check.sendAttempts?.map(\.sendAttemptResult) == [.unsuccessfulHTTPResponseCode, .success])
        #expect(check.sendAttempts?.first?.attemptDate?.millisecondsSince1970 == 1_698_148_900_000)
        #expect(check.firstSendAttemptResult == nil)
    }

    @Test("Get Notification History response")
    func notificationHistory() throws {
        let response = try Fixture.decode(NotificationHistoryResponse.self, "api/notification-history-response.json")
        #expect(response.paginationToken == "57715481-805a-4283-8499-1c19b5d6b20a" && response.hasMore == true)
        let items = try #require(response.notificationHistory)
        #expect(items.map(\.signedPayload) == ["signed_payload_one", "signed_payload_two"])
        #expect(
            items[0].sendAttempts == [
                SendAttemptItem(attemptDate: Timestamp(millisecondsSince1970: 1_698_148_900_000), sendAttemptResult: .noResponse),
                SendAttemptItem(attemptDate: Timestamp(millisecondsSince1970: 1_698_148_950_000), sendAttemptResult: .success),
            ])
        #expect(items[1].sendAttempts?.first?.sendAttemptResult == .circularRedirect)
        #expect(items[1].firstSendAttemptResult == .sslIssue)
    }

    @Test("Renewal-date extension responses")
    func extensions() throws {
        let single = try Fixture.decode(ExtendRenewalDateResponse.self, "api/extend-renewal-date-response.json")
        #expect(
            single
                == ExtendRenewalDateResponse(
                    originalTransactionId: "2312412", webOrderLineItemId: "9993", success: true,
                    effectiveDate: Timestamp(millisecondsSince1970: 1_698_148_900_000)))
        let mass = try Fixture.decode(MassExtendRenewalDateResponse.self, "api/mass-extend-renewal-date-response.json")
        #expect(mass.requestIdentifier == "758883e8-151b-47b7-abd0-60c4d804c2f5")
        let status = try Fixture.decode(MassExtendRenewalDateStatusResponse.self, "api/mass-extend-renewal-date-status-response.json")
        #expect(status.complete == true && status.succeededCount == 30 && status.failedCount == 2)
        #expect(status.completeDate?.millisecondsSince1970 == 1_698_148_900_000)
    }

    @Test("Error bodies keep documented and undocumented codes")
    func errors() throws {
        let rateLimited = try Fixture.decode(ErrorPayload.self, "api/error-rate-limit.json")
        #expect(rateLimited.errorCode == .rateLimitExceeded && rateLimited.errorCode?.isRetryable == true)
        #expect(rateLimited.errorMessage == "Rate limit exceeded.")
        let unknown = try Fixture.decode(ErrorPayload.self, "api/error-undocumented-code.json")
        #expect(unknown.errorCode?.rawValue == 9_990_000 && unknown.errorCode?.isKnown == false)
        #expect(try JSON.tree(unknown) == JSON.tree(fixture: "api/error-undocumented-code.json"))
    }

    @Test(
        "Request bodies encode exactly the documented JSON",
        arguments: [
            "request-consumption", "request-consumption-v1", "request-extend-renewal-date", "request-mass-extend-renewal-date",
            "request-notification-history", "request-update-app-account-token",
        ])
    func requestBodies(name: String) throws {
        let path = "api/\(name).json"
        let encoded: JSONValue
        switch name {
        case "request-consumption":
            let body = ConsumptionRequest(
                customerConsented: true, consumptionPercentage: 25_000, deliveryStatus: .delivered,
                refundPreference: .grantProrated, sampleContentProvided: false)
            #expect(try Fixture.decode(ConsumptionRequest.self, path) == body)
            encoded = try JSON.tree(body)
        case "request-consumption-v1":
            let body = ConsumptionRequestV1(
                customerConsented: true, consumptionStatus: .partiallyConsumed, platform: .apple, sampleContentProvided: false,
                deliveryStatus: .deliveredAndWorking, appAccountToken: "", accountTenure: .ninetyDaysToOneHundredEightyDays,
                playTime: .oneToSixHours, lifetimeDollarsRefunded: .zeroDollars,
                lifetimeDollarsPurchased: .oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents,
                userStatus: .active, refundPreference: .preferDecline)
            #expect(try Fixture.decode(ConsumptionRequestV1.self, path) == body)
            encoded = try JSON.tree(body)
        case "request-extend-renewal-date":
            let body = ExtendRenewalDateRequest(
                extendByDays: 45, extendReasonCode: .customerSatisfaction, requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac")
            #expect(try Fixture.decode(ExtendRenewalDateRequest.self, path) == body)
            encoded = try JSON.tree(body)
        case "request-mass-extend-renewal-date":
            let body = MassExtendRenewalDateRequest(
                requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac", extendByDays: 45,
                extendReasonCode: .serviceIssueOrOutage, productId: "com.example.productId", storefrontCountryCodes: ["USA", "MEX"])
            #expect(try Fixture.decode(MassExtendRenewalDateRequest.self, path) == body)
            encoded = try JSON.tree(body)
        case "request-notification-history":
            let body = NotificationHistoryRequest(
                startDate: Timestamp(millisecondsSince1970: 1_698_148_900_000),
                endDate: Timestamp(millisecondsSince1970: 1_698_148_950_000), notificationType: .subscribed,
                notificationSubtype: .initialBuy, transactionId: "999733843", onlyFailures: true)
            #expect(try Fixture.decode(NotificationHistoryRequest.self, path) == body)
            encoded = try JSON.tree(body)
        default:
            let token = try #require(UUID(uuidString: "7389a31a-fb6d-4569-a2a6-db7d85d84813"))
            let body = UpdateAppAccountTokenRequest(appAccountToken: token)
            #expect(try Fixture.decode(UpdateAppAccountTokenRequest.self, path) == body)
            encoded = try JSON.tree(body)
        }
        let original = try JSON.tree(fixture: path)
        #expect(encoded == original, "\(encoded.differences(from: original))")
    }

    @Test("Required request fields are enforced when decoding")
    func requiredRequestFields() {
        #expect(throws: DecodingError.self) { try JSON.decode(NotificationHistoryRequest.self, #"{"startDate":1}"#) }
        #expect(throws: DecodingError.self) {
            try JSON.decode(ConsumptionRequest.self, #"{"customerConsented":true,"sampleContentProvided":false}"#)
        }
        #expect(throws: DecodingError.self) { try JSON.decode(UpdateAppAccountTokenRequest.self, #"{"appAccountToken":""}"#) }
        #expect(throws: DecodingError.self) {
            try JSON.decode(ExtendRenewalDateRequest.self, #"{"extendByDays":"45","extendReasonCode":1,"requestIdentifier":"x"}"#)
        }
    }

    @Test(
        "Re-encoding a response fixture reproduces it key for key",
        arguments: [
            "history-response", "status-response", "refund-history-response", "order-lookup-response",
            "notification-history-response", "check-test-notification-response", "send-test-notification-response",
            "extend-renewal-date-response", "mass-extend-renewal-date-response", "mass-extend-renewal-date-status-response",
            "transaction-info-response", "app-transaction-info-response", "error-rate-limit",
        ])
    func responsesAreLossless(name: String) throws {
        let path = "api/\(name).json"
        let encoded: JSONValue
        switch name {
        case "history-response": encoded = try JSON.tree(Fixture.decode(HistoryResponse.self, path))
        case "status-response": encoded = try JSON.tree(Fixture.decode(StatusResponse.self, path))
        case "refund-history-response": encoded = try JSON.tree(Fixture.decode(RefundHistoryResponse.self, path))
        case "order-lookup-response": encoded = try JSON.tree(Fixture.decode(OrderLookupResponse.self, path))
        case "notification-history-response": encoded = try JSON.tree(Fixture.decode(NotificationHistoryResponse.self, path))
        case "check-test-notification-response": encoded = try JSON.tree(Fixture.decode(CheckTestNotificationResponse.self, path))
        case "send-test-notification-response": encoded = try JSON.tree(Fixture.decode(SendTestNotificationResponse.self, path))
        case "extend-renewal-date-response": encoded = try JSON.tree(Fixture.decode(ExtendRenewalDateResponse.self, path))
        case "mass-extend-renewal-date-response": encoded = try JSON.tree(Fixture.decode(MassExtendRenewalDateResponse.self, path))
        case "mass-extend-renewal-date-status-response":
            encoded = try JSON.tree(Fixture.decode(MassExtendRenewalDateStatusResponse.self, path))
        case "transaction-info-response": encoded = try JSON.tree(Fixture.decode(TransactionInfoResponse.self, path))
        case "app-transaction-info-response": encoded = try JSON.tree(Fixture.decode(AppTransactionInfoResponse.self, path))
        default: encoded = try JSON.tree(Fixture.decode(ErrorPayload.self, path))
        }
        let original = try JSON.tree(fixture: path)
        #expect(encoded == original, "\(encoded.differences(from: original))")
    }
}
