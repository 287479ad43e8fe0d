import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("App Store Server API endpoints")
struct ServerAPITests {
    /// Runs `body` against the simulator's router with a configured demo app.
    func withAPI(
        durations: DurationMode = .production, _ body: @Sendable (APIClient, AppStoreSimulator) async throws -> Void
    ) async throws {
        let simulator = try Fixtures.simulator(
            notificationURL: "http://receiver.invalid/", durations: durations, transport: ScriptedTransport())
        let app = SimulatorServer.buildApplication(simulator: simulator, port: 0)
        try await app.test(.router) { client in
            try await body(APIClient(client: client, simulator: simulator), simulator)
        }
    }

    @Test("Get Transaction Info answers the signed transaction; unknown IDs get 404 / 4040010")
    func transactionInfo() async throws {
        try await withAPI { api, simulator in
            let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            let id = try #require(purchase.transaction.transactionId)
            let reply = try await api.get("/inApps/v1/transactions/\(id)")
            #expect(reply.status == .ok)
            let signed = try #require(try reply.decode(TransactionInfoResponse.self).signedTransactionInfo)
            #expect(try Fixtures.verifier(environments: [.sandbox]).verifyTransaction(signed).transactionId == id)

            let unknown = try await api.get("/inApps/v1/transactions/2000000999999999")
            #expect(unknown.status == .notFound)
            #expect(unknown.error == ErrorPayload(errorCode: .transactionIdNotFound, errorMessage: "Transaction id not found."))
            #expect(String(decoding: unknown.body, as: UTF8.self).contains("\"errorCode\":4040010"))

            let invalid = try await api.get("/inApps/v1/transactions/not-a-number")
            #expect(invalid.status == .badRequest && invalid.error?.errorCode == .invalidTransactionId)

            var production = api
            production.prefix = ""
            #expect(
                try await production.get("/inApps/v1/transactions/\(id)").status == .notFound, "a sandbox transaction is not in production")
        }
    }

    @Test("calls without a valid ES256 bearer token get 401")
    func badTokensAreRefused() async throws {
        try await withAPI { api, simulator in
            let id = try #require(try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems)).transaction.transactionId)
            let path = "/inApps/v1/transactions/\(id)"
            let key = try #require(try simulator.credentials(bundleId: Fixtures.bundleId).apiKey)
            let realKey = try ES256Signer.privateKey(p8: try #require(key.privateKeyPEM))
            let now = Int64(Date().timeIntervalSince1970)
            let claims = ["iss": key.issuerId, "aud": "appstoreconnect-v1", "bid": Fixtures.bundleId]
            func token(
                _ edit: (inout [String: String], inout [String: Int64]) -> Void, signer: P256.Signing.PrivateKey = realKey,
                kid: String? = nil
            )
                throws -> String
            {
                var strings = claims
                var numbers = ["iat": now, "exp": now + 600]
                edit(&strings, &numbers)
                return try APIClient.token(claims: strings, numbers: numbers, kid: kid ?? key.keyId, privateKey: signer)
            }
            #expect(try await api.call(.get, path, token: token { _, _ in }).status == .ok, "the control case")
            let refused = [
                try token { strings, _ in strings["aud"] = "appstoreconnect-v2" },
                try token { strings, _ in strings["bid"] = "com.example.other" },
                try token { strings, _ in strings["iss"] = UUID().uuidString },
                try token { _, numbers in numbers["exp"] = now + 3601 },
                try token { _, numbers in
                    numbers["iat"] = now - 7200
                    numbers["exp"] = now - 3600
                },
                try token({ _, _ in }, signer: P256.Signing.PrivateKey()),
                try token({ _, _ in }, kid: "OTHERKEY"),
                "not.a.jwt",
            ]
            for bad in refused {
                #expect(try await api.call(.get, path, token: bad).status == .unauthorized)
            }
            #expect(try await api.call(.get, path, authorized: false).status == .unauthorized)
        }
    }

    @Test("Get Transaction History pages by 20 with revision, filters, sorts and rejects a bad sort")
    func transactionHistory() async throws {
        try await withAPI { api, simulator in
            var ids: [String] = []
            for _ in 0..<23 {
                try await simulator.advance(byMilliseconds: 1000)
                ids.append(try #require(try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems)).transaction.transactionId))
            }
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.removeAds))
            try await simulator.refund(transactionId: ids[0])
            let verifier = try Fixtures.verifier()
            func decoded(_ reply: APIClient.Reply) throws -> (HistoryResponse, [JWSTransactionDecodedPayload]) {
                let history = try reply.decode(HistoryResponse.self)
                return (history, try (history.signedTransactions ?? []).map(verifier.verifyTransaction))
            }

            let (first, firstItems) = try decoded(try await api.get("/inApps/v2/history/\(ids[5])"))
            #expect(firstItems.count == 20 && first.hasMore == true)
            #expect(first.bundleId == Fixtures.bundleId && first.environment == .sandbox && first.appAppleId == nil)
            let revision = try #require(first.revision)
            let (second, secondItems) = try decoded(try await api.get("/inApps/v2/history/\(ids[5])?revision=\(revision)"))
            #expect(secondItems.count == 4 && second.hasMore == false)
            #expect(secondItems.last?.transactionId == ids[0], "the refund modified it, so it comes last")
            let (_, nothingNew) = try decoded(try await api.get("/inApps/v2/history/\(ids[5])?revision=\(try #require(second.revision))"))
            #expect(nothingNew.isEmpty)

            let (_, nonConsumables) = try decoded(try await api.get("/inApps/v2/history/\(ids[5])?productType=NON_CONSUMABLE"))
            #expect(nonConsumables.map(\.productId) == [DemoCatalog.removeAds])
            let (_, revoked) = try decoded(try await api.get("/inApps/v2/history/\(ids[5])?revoked=true"))
            #expect(revoked.map(\.transactionId) == [ids[0]])
            let (_, descending) = try decoded(
                try await api.get("/inApps/v2/history/\(ids[5])?sort=DESCENDING&productId=\(DemoCatalog.gems)"))
            #expect(descending.first?.transactionId == ids[0] && descending.count == 20)
            let window = Timestamp(Fixtures.start).adding(milliseconds: 2500).millisecondsSince1970
            let (_, early) = try decoded(try await api.get("/inApps/v2/history/\(ids[5])?endDate=\(window)"))
            #expect(early.map(\.transactionId) == [ids[1], ids[0]], "sorted by last modification: the refund came later")

            let badSort = try await api.get("/inApps/v2/history/\(ids[5])?sort=SIDEWAYS")
            #expect(badSort.status == .badRequest && badSort.error?.errorCode == .invalidSort)
            let badRevision = try await api.get("/inApps/v2/history/\(ids[5])?revision=garbage")
            #expect(badRevision.error?.errorCode == .invalidRequestRevision)
        }
    }

    @Test("Get All Subscription Statuses groups by subscription group and filters by status")
    func subscriptionStatuses() async throws {
        try await withAPI { api, simulator in
            let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
            let id = try #require(purchase.transaction.transactionId)
            let all = try await api.get("/inApps/v1/subscriptions/\(id)").decode(StatusResponse.self)
            let item = try #require(all.data?.first?.lastTransactions?.first)
            #expect(all.data?.first?.subscriptionGroupIdentifier == DemoCatalog.groupId)
            #expect(item.status == .active && item.originalTransactionId == id)
            let renewal = try Fixtures.verifier().verifyRenewalInfo(try #require(item.signedRenewalInfo))
            #expect(renewal.autoRenewProductId == DemoCatalog.monthly)
            #expect(try await api.get("/inApps/v1/subscriptions/\(id)?status=1").decode(StatusResponse.self).data?.count == 1)
            #expect(try await api.get("/inApps/v1/subscriptions/\(id)?status=2&status=5").decode(StatusResponse.self).data?.isEmpty == true)
            #expect(try await api.get("/inApps/v1/subscriptions/\(id)?status=9").error?.errorCode == .invalidStatus)
        }
    }

    @Test("429 carries Retry-After in UNIX milliseconds; 5xx and the next call answer as configured")
    func injectedAPIFaults() async throws {
        try await withAPI { api, simulator in
            let id = try #require(try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems)).transaction.transactionId)
            simulator.addFault(
                APIFaultRule(
                    endpoint: AppStoreServerEndpoint.getTransactionInfo.rawValue, kind: .rateLimit, count: 1, retryAfterMilliseconds: 5000))
            simulator.addFault(APIFaultRule(endpoint: "*", kind: .serverError, count: 1, retryable: true))
            let before = Int64(Date().timeIntervalSince1970 * 1000)
            let limited = try await api.get("/inApps/v1/transactions/\(id)")
            let after = Int64(Date().timeIntervalSince1970 * 1000)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.error?.errorCode == .rateLimitExceeded)
            // Five seconds after the moment the simulator answered, which lies between the two
            // readings however long a loaded machine took to answer.
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap { Int64($0) })
            #expect(retryAfter >= before + 5000 && retryAfter <= after + 5000, "\(before) \(retryAfter) \(after)")

            let failing = try await api.get("/inApps/v1/transactions/\(id)")
            #expect(failing.status == .internalServerError && failing.error?.errorCode == .generalInternalRetryable)
            #expect(try await api.get("/inApps/v1/transactions/\(id)").status == .ok)
        }
    }

    @Test("Get Refund History, Look Up Order ID and Get App Transaction Info")
    func refundsOrdersAndAppTransactions() async throws {
        try await withAPI { api, simulator in
            let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            let id = try #require(purchase.transaction.transactionId)
            #expect(try await api.get("/inApps/v2/refund/lookup/\(id)").decode(RefundHistoryResponse.self).signedTransactions == [])
            try await simulator.refund(transactionId: id, reason: .appIssue)
            let refunds = try await api.get("/inApps/v2/refund/lookup/\(id)").decode(RefundHistoryResponse.self)
            let refunded = try Fixtures.verifier().verifyTransaction(try #require(refunds.signedTransactions?.first))
            #expect(refunded.revocationReason == .appIssue && refunds.hasMore == false)

            let orderId = try #require(simulator.transaction(id: id)?.orderId)
            let order = try await api.get("/inApps/v1/lookup/\(orderId)").decode(OrderLookupResponse.self)
            #expect(order.status == .valid && order.signedTransactions?.count == 1)
            #expect(try await api.get("/inApps/v1/lookup/NOSUCHORDER").decode(OrderLookupResponse.self).status == .invalid)

            let appTransaction = try await api.get("/inApps/v1/transactions/appTransactions/\(id)")
                .decode(AppTransactionInfoResponse.self)
            let decoded = try Fixtures.verifier().verifyAppTransaction(try #require(appTransaction.signedAppTransactionInfo))
            #expect(decoded.appTransactionId == purchase.transaction.appTransactionId)
            let byAppTransactionId = try await api.get("/inApps/v1/transactions/\(try #require(decoded.appTransactionId))")
            #expect(byAppTransactionId.error?.errorCode == .appTransactionIdNotSupported)
        }
    }

    @Test("Extend a Subscription Renewal Date, at most twice a year, and mass extension with its status")
    func renewalExtensions() async throws {
        try await withAPI { api, simulator in
            let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
            let id = try #require(purchase.transaction.originalTransactionId)
            let expires = try #require(purchase.transaction.expiresDate)
            func extend(_ requestId: String, days: Int = 7) async throws -> APIClient.Reply {
                try await api.call(
                    .put, "/inApps/v1/subscriptions/extend/\(id)",
                    body: #"{"extendByDays":\#(days),"extendReasonCode":1,"requestIdentifier":"\#(requestId)"}"#)
            }
            let first = try await extend("r1").decode(ExtendRenewalDateResponse.self)
            #expect(first.success == true && first.effectiveDate == expires.adding(milliseconds: 7 * 86_400_000))
            #expect(try await extend("r1").decode(ExtendRenewalDateResponse.self) == first, "same request, same answer")
            #expect(try await extend("r2").status == .ok)
            #expect(try await extend("r3").error?.errorCode == .subscriptionMaxExtension)
            #expect(try await extend("r4", days: 91).error?.errorCode == .invalidExtendByDays)
            #expect(Fixtures.events(simulator).filter { $0 == "RENEWAL_EXTENDED" }.count == 2)

            try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly, account: Fixtures.carol))
            let mass = try await api.call(
                .post, "/inApps/v1/subscriptions/extend/mass",
                body: #"{"requestIdentifier":"mass-1","extendByDays":3,"extendReasonCode":3,"productId":"\#(DemoCatalog.monthly)"}"#)
            #expect(try mass.decode(MassExtendRenewalDateResponse.self).requestIdentifier == "mass-1")
            func status() async throws -> MassExtendRenewalDateStatusResponse {
                try await api.get("/inApps/v1/subscriptions/extend/mass/\(DemoCatalog.monthly)/mass-1")
                    .decode(MassExtendRenewalDateStatusResponse.self)
            }
            // Accepted, not done: Apple works through the subscribers over time.
            let started = try await status()
            #expect(started.complete == false && started.completeDate == nil)
            #expect(started.succeededCount == 0 && started.failedCount == 0)
            #expect(!Fixtures.events(simulator).contains { $0.hasPrefix("RENEWAL_EXTENSION") }, "nothing sent for it yet")
            try await simulator.advance(byMilliseconds: simulator.massExtensionStepMilliseconds)
            let halfway = try await status()
            // One subscriber per step, in original transaction ID order: Alice's first.
            #expect(halfway.complete == false && halfway.succeededCount == 0 && halfway.failedCount == 1)
            try await simulator.advance(byMilliseconds: simulator.massExtensionStepMilliseconds)
            let done = try await status()
            #expect(done.complete == true && done.succeededCount == 1 && done.failedCount == 1)
            #expect(done.completeDate == simulator.now())
            // Alice's subscription already had two extensions this year; Carol's own one is extended.
            #expect(
                Array(Fixtures.events(simulator).suffix(3)) == [
                    "RENEWAL_EXTENSION/FAILURE", "RENEWAL_EXTENDED", "RENEWAL_EXTENSION/SUMMARY",
                ])
            let summary = try Fixtures.verifier().verifyNotification(try #require(simulator.notifications().last).signedPayload)
            #expect(summary.payload.summary?.succeededCount == 1 && summary.payload.summary?.failedCount == 1)
            #expect(summary.payload.summary?.requestIdentifier == "mass-1" && summary.payload.data == nil)
            #expect(
                try await api.get("/inApps/v1/subscriptions/extend/mass/\(DemoCatalog.monthly)/nope").error?.errorCode
                    == .statusRequestNotFound)
        }
    }

    @Test("Send Consumption Information validates and records; Set App Account Token updates the purchase")
    func consumptionAndAppAccountToken() async throws {
        try await withAPI { api, simulator in
            let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            let id = try #require(purchase.transaction.transactionId)
            try await simulator.requestRefund(transactionId: id, reason: .unintendedPurchase)
            let v2 =
                #"{"customerConsented":true,"deliveryStatus":"DELIVERED","sampleContentProvided":false,"consumptionPercentage":25000,"refundPreference":"GRANT_PRORATED"}"#
            #expect(try await api.call(.put, "/inApps/v2/transactions/consumption/\(id)", body: v2).status == .accepted)
            let notConsented = #"{"customerConsented":false,"deliveryStatus":"DELIVERED","sampleContentProvided":false}"#
            #expect(
                try await api.call(.put, "/inApps/v2/transactions/consumption/\(id)", body: notConsented).error?.errorCode
                    == .invalidCustomerConsented)
            let v1 =
                #"{"customerConsented":true,"consumptionStatus":1,"platform":1,"sampleContentProvided":false,"deliveryStatus":0,"appAccountToken":"","accountTenure":2,"playTime":3,"lifetimeDollarsRefunded":0,"lifetimeDollarsPurchased":2,"userStatus":1}"#
            #expect(try await api.call(.put, "/inApps/v1/transactions/consumption/\(id)", body: v1).status == .accepted)
            let badStatus = v1.replacingOccurrences(of: #""consumptionStatus":1"#, with: #""consumptionStatus":7"#)
            #expect(
                try await api.call(.put, "/inApps/v1/transactions/consumption/\(id)", body: badStatus).error?.errorCode
                    == .invalidConsumptionStatus)
            #expect(simulator.consumptionReports().map(\.version) == [2, 1])

            let token = UUID()
            let set = try await api.call(
                .put, "/inApps/v1/transactions/\(id)/appAccountToken", body: #"{"appAccountToken":"\#(token.uuidString.lowercased())"}"#)
            #expect(set.status == .ok)
            #expect(simulator.transaction(id: id)?.payload.appAccountToken == token)
            #expect(
                try await api.call(.put, "/inApps/v1/transactions/\(id)/appAccountToken", body: #"{"appAccountToken":"nope"}"#).error?
                    .errorCode == .invalidAppAccountTokenUUID)
            let renewal = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
            try await simulator.advance(byMilliseconds: 40 * 86_400_000)
            let renewalOriginal = try #require(renewal.transaction.originalTransactionId)
            let later = try #require(simulator.subscription(originalTransactionId: renewalOriginal)?.latestTransactionId)
            #expect(
                try await api.call(
                    .put, "/inApps/v1/transactions/\(later)/appAccountToken", body: #"{"appAccountToken":"\#(token.uuidString)"}"#
                ).error?.errorCode == .transactionIdIsNotOriginalTransactionId)
        }
    }

    @Test("Get Notification History pages with a token and filters; test notifications have a status")
    func notificationHistory() async throws {
        try await withAPI { api, simulator in
            var firstId = ""
            for index in 0..<22 {
                let purchase = try await simulator.purchase(
                    Fixtures.purchase(DemoCatalog.gems, account: index.isMultiple(of: 2) ? Fixtures.alice : Fixtures.carol))
                if index == 0 { firstId = try #require(purchase.transaction.transactionId) }
            }
            let start = Timestamp(Fixtures.start).adding(milliseconds: -1).millisecondsSince1970
            let end = start + 86_400_000
            let body = #"{"startDate":\#(start),"endDate":\#(end)}"#
            let first = try await api.call(.post, "/inApps/v1/notifications/history", body: body).decode(NotificationHistoryResponse.self)
            #expect(first.notificationHistory?.count == 20 && first.hasMore == true)
            let token = try #require(first.paginationToken)
            let second = try await api.call(.post, "/inApps/v1/notifications/history?paginationToken=\(token)", body: body)
                .decode(NotificationHistoryResponse.self)
            #expect(second.notificationHistory?.count == 2 && second.hasMore == false)
            #expect(second.notificationHistory?.first?.sendAttempts?.first?.sendAttemptResult == .success)

            let byCustomer = #"{"startDate":\#(start),"endDate":\#(end),"transactionId":"\#(firstId)"}"#
            #expect(
                try await api.call(.post, "/inApps/v1/notifications/history", body: byCustomer).decode(NotificationHistoryResponse.self)
                    .notificationHistory?.count == 11)
            let both = #"{"startDate":\#(start),"endDate":\#(end),"transactionId":"\#(firstId)","notificationType":"ONE_TIME_CHARGE"}"#
            #expect(try await api.call(.post, "/inApps/v1/notifications/history", body: both).error?.errorCode == .multipleFiltersSupplied)
            #expect(
                try await api.call(.post, "/inApps/v1/notifications/history", body: #"{"endDate":\#(end)}"#).error?.errorCode
                    == .invalidStartDate)
            let failures = #"{"startDate":\#(start),"endDate":\#(end),"onlyFailures":true}"#
            #expect(
                try await api.call(.post, "/inApps/v1/notifications/history", body: failures).decode(NotificationHistoryResponse.self)
                    .notificationHistory == [])

            let test = try await api.call(.post, "/inApps/v1/notifications/test").decode(SendTestNotificationResponse.self)
            let testToken = try #require(test.testNotificationToken)
            let status = try await api.get("/inApps/v1/notifications/test/\(testToken)").decode(CheckTestNotificationResponse.self)
            let payload = try Fixtures.verifier().verifyNotification(try #require(status.signedPayload)).payload
            #expect(payload.notificationType == .test && status.sendAttempts?.first?.sendAttemptResult == .success)
            #expect(try await api.get("/inApps/v1/notifications/test/unknown").error?.errorCode == .testNotificationNotFound)
        }
    }
}
