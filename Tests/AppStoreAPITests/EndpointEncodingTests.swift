import AppStoreModels
import Foundation
import Testing

@testable import AppStoreAPI

/// One endpoint as Apple documents it, the call that should produce it, and the answer the test
/// server gives.
struct EndpointCase: Sendable, CustomTestStringConvertible {
    var endpoint: AppStoreServerEndpoint
    var method: String
    var path: String
    var query: [(name: String, value: String)] = []
    /// The JSON body Apple expects, in Apple's field names (`nil`: no body).
    var body: String? = nil
    /// A body that is not JSON (Upload Image's PNG), with its content type.
    var binaryBody: (contentType: String, bytes: [UInt8])? = nil
    var response: CannedResponse
    /// Calls the client; returns a summary of the decoded answer for the assertion.
    var call: @Sendable (any AppStoreServerAPI) async throws -> String
    var expectedSummary: String

    var testDescription: String { endpoint.rawValue }
}

let endpointCases: [EndpointCase] =
    retentionEndpointCases + [
        EndpointCase(
            endpoint: .getTransactionInfo, method: "GET", path: "/inApps/v1/transactions/2000000847061981",
            response: .json(200, #"{"signedTransactionInfo":"eyJ.transaction.sig"}"#),
            call: { try await $0.getTransactionInfo(transactionId: "2000000847061981").signedTransactionInfo ?? "nil" },
            expectedSummary: "eyJ.transaction.sig"),
        EndpointCase(
            endpoint: .getTransactionHistory, method: "GET", path: "/inApps/v2/history/1234",
            query: [
                ("revision", "revision_input"), ("startDate", "123455"), ("endDate", "123456"),
                ("productId", "com.example.1"), ("productId", "com.example.2"),
                ("productType", "CONSUMABLE"), ("productType", "AUTO_RENEWABLE"), ("sort", "ASCENDING"),
                ("subscriptionGroupIdentifier", "sub_group_id"), ("subscriptionGroupIdentifier", "sub_group_id_2"),
                ("inAppOwnershipType", "FAMILY_SHARED"), ("revoked", "false"),
            ],
            response: .json(
                200,
                #"{"revision":"revision_output","hasMore":true,"bundleId":"com.example","appAppleId":323232,"#
                    + #""environment":"LocalTesting","signedTransactions":["signed_transaction_value","signed_transaction_value2"]}"#),
            call: { api in
                let page = try await api.getTransactionHistory(
                    transactionId: "1234",
                    request: TransactionHistoryRequest(
                        startDate: Timestamp(millisecondsSince1970: 123455),
                        endDate: Timestamp(millisecondsSince1970: 123456),
                        productId: ["com.example.1", "com.example.2"], productType: [.consumable, .autoRenewable],
                        sort: .ascending, subscriptionGroupIdentifier: ["sub_group_id", "sub_group_id_2"],
                        inAppOwnershipType: .familyShared, revoked: false, revision: "revision_input"))
                return "\(page.revision ?? "") \(page.hasMore ?? false) \(page.appAppleId ?? 0) \(page.signedTransactions ?? [])"
            },
            expectedSummary: #"revision_output true 323232 ["signed_transaction_value", "signed_transaction_value2"]"#),
        EndpointCase(
            endpoint: .getAllSubscriptionStatuses, method: "GET", path: "/inApps/v1/subscriptions/4321",
            query: [("status", "2"), ("status", "1")],
            response: .json(
                200,
                #"{"environment":"Sandbox","bundleId":"com.example","appAppleId":5454545,"data":[{"subscriptionGroupIdentifier":"sub_group_one","#
                    + #""lastTransactions":[{"status":1,"originalTransactionId":"3749183","signedTransactionInfo":"t1","signedRenewalInfo":"r1"}]}]}"#
            ),
            call: { api in
                let statuses = try await api.getAllSubscriptionStatuses(
                    transactionId: "4321", request: AllSubscriptionStatusesRequest(status: [.expired, .active]))
                let item = statuses.data?.first?.lastTransactions?.first
                return "\(statuses.environment?.rawValue ?? "") \(item?.status?.rawValue ?? 0) \(item?.signedRenewalInfo ?? "")"
            },
            expectedSummary: "Sandbox 1 r1"),
        EndpointCase(
            endpoint: .getRefundHistory, method: "GET", path: "/inApps/v2/refund/lookup/555555",
            query: [("revision", "revision_input")],
            response: .json(200, #"{"signedTransactions":["refund_1"],"revision":"revision_output","hasMore":false}"#),
            call: { api in
                let page = try await api.getRefundHistory(transactionId: "555555", revision: "revision_input")
                return "\(page.signedTransactions ?? []) \(page.revision ?? "")"
            },
            expectedSummary: #"["refund_1"] revision_output"#),
        EndpointCase(
            endpoint: .lookUpOrderId, method: "GET", path: "/inApps/v1/lookup/W002182",
            response: .json(200, #"{"status":1,"signedTransactions":["a","b"]}"#),
            call: { api in
                let order = try await api.lookUpOrderId("W002182")
                return "\(order.status?.rawValue ?? -1) \(order.signedTransactions?.count ?? 0)"
            },
            expectedSummary: "1 2"),
        EndpointCase(
            endpoint: .getAppTransactionInfo, method: "GET", path: "/inApps/v1/transactions/appTransactions/1234",
            response: .json(200, #"{"signedAppTransactionInfo":"signed_app_transaction_info_value"}"#),
            call: { try await $0.getAppTransactionInfo(transactionId: "1234").signedAppTransactionInfo ?? "nil" },
            expectedSummary: "signed_app_transaction_info_value"),
        EndpointCase(
            endpoint: .extendSubscriptionRenewalDate, method: "PUT", path: "/inApps/v1/subscriptions/extend/4124214",
            body: #"{"extendByDays":45,"extendReasonCode":1,"requestIdentifier":"fdf964a4-233b-486c-aac1-97d8d52688ac"}"#,
            response: .json(
                200,
                #"{"originalTransactionId":"2312412","webOrderLineItemId":"9993","success":true,"effectiveDate":1698148900000}"#),
            call: { api in
                let result = try await api.extendSubscriptionRenewalDate(
                    originalTransactionId: "4124214",
                    request: ExtendRenewalDateRequest(
                        extendByDays: 45, extendReasonCode: .customerSatisfaction,
                        requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac"))
                return "\(result.success ?? false) \(result.effectiveDate?.millisecondsSince1970 ?? 0)"
            },
            expectedSummary: "true 1698148900000"),
        EndpointCase(
            endpoint: .extendRenewalDatesForAllActiveSubscribers, method: "POST", path: "/inApps/v1/subscriptions/extend/mass",
            body: #"{"extendByDays":45,"extendReasonCode":1,"requestIdentifier":"fdf964a4-233b-486c-aac1-97d8d52688ac","#
                + #""storefrontCountryCodes":["USA","MEX"],"productId":"com.example.productId"}"#,
            response: .json(200, #"{"requestIdentifier":"758883e8-151b-47b7-abd0-60c4d804c2f5"}"#),
            call: { api in
                let result = try await api.extendRenewalDatesForAllActiveSubscribers(
                    MassExtendRenewalDateRequest(
                        requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac", extendByDays: 45,
                        extendReasonCode: .customerSatisfaction, productId: "com.example.productId",
                        storefrontCountryCodes: ["USA", "MEX"]))
                return result.requestIdentifier ?? "nil"
            },
            expectedSummary: "758883e8-151b-47b7-abd0-60c4d804c2f5"),
        EndpointCase(
            endpoint: .getStatusOfSubscriptionRenewalDateExtensions, method: "GET",
            path: "/inApps/v1/subscriptions/extend/mass/com.example.product/20fba8a0-2b80-4a7d-a17f-85c1854727f8",
            response: .json(
                200,
                #"{"requestIdentifier":"20fba8a0-2b80-4a7d-a17f-85c1854727f8","complete":true,"completeDate":1698148900000,"succeededCount":30,"failedCount":2}"#
            ),
            call: { api in
                let status = try await api.getStatusOfSubscriptionRenewalDateExtensions(
                    productId: "com.example.product", requestIdentifier: "20fba8a0-2b80-4a7d-a17f-85c1854727f8")
                return "\(status.complete ?? false) \(status.succeededCount ?? 0) \(status.failedCount ?? 0)"
            },
            expectedSummary: "true 30 2"),
        EndpointCase(
            endpoint: .sendConsumptionInformation, method: "PUT", path: "/inApps/v2/transactions/consumption/49571273",
            body: #"{"customerConsented":true,"consumptionPercentage":50000,"deliveryStatus":"DELIVERED","#
                + #""refundPreference":"GRANT_PRORATED","sampleContentProvided":false}"#,
            response: .empty(202),
            call: { api in
                try await api.sendConsumptionInformation(
                    transactionId: "49571273",
                    request: ConsumptionRequest(
                        customerConsented: true, consumptionPercentage: 50000, deliveryStatus: .delivered,
                        refundPreference: .grantProrated, sampleContentProvided: false))
                return "sent"
            },
            expectedSummary: "sent"),
        EndpointCase(
            endpoint: .sendConsumptionInformationV1, method: "PUT", path: "/inApps/v1/transactions/consumption/49571273",
            body: #"{"customerConsented":true,"consumptionStatus":3,"platform":2,"sampleContentProvided":false,"#
                + #""deliveryStatus":4,"appAccountToken":"7389a31a-fb6d-4569-a2a6-db7d85d84813","accountTenure":7,"#
                + #""playTime":5,"lifetimeDollarsRefunded":3,"lifetimeDollarsPurchased":7,"userStatus":4,"refundPreference":3}"#,
            response: .empty(202),
            call: { api in
                try await api.sendConsumptionInformationV1(
                    transactionId: "49571273",
                    request: ConsumptionRequestV1(
                        customerConsented: true, consumptionStatus: .fullyConsumed, platform: .nonApple,
                        sampleContentProvided: false, deliveryStatus: .undeliveredCurrencyChange,
                        appAccountToken: "7389a31a-fb6d-4569-a2a6-db7d85d84813",
                        accountTenure: .greaterThanThreeHundredSixtyFiveDays, playTime: .oneDayToFourDays,
                        lifetimeDollarsRefunded: .fiftyDollarsToNinetyNineDollarsAndNinetyNineCents,
                        lifetimeDollarsPurchased: .twoThousandDollarsOrGreater, userStatus: .limitedAccess,
                        refundPreference: .noPreference))
                return "sent"
            },
            expectedSummary: "sent"),
        EndpointCase(
            endpoint: .getNotificationHistory, method: "POST", path: "/inApps/v1/notifications/history",
            query: [("paginationToken", "a036bc0e-52b8-4bee-82fc-8c24cb6715d6")],
            body: #"{"startDate":1698148900000,"endDate":1698148950000,"notificationType":"SUBSCRIBED","#
                + #""notificationSubtype":"INITIAL_BUY","transactionId":"999733843","onlyFailures":true}"#,
            response: .json(
                200,
                #"{"paginationToken":"57715481-805a-4283-8499-1c19b5d6b20a","hasMore":true,"notificationHistory":[{"#
                    + #""sendAttempts":[{"attemptDate":1698148900000,"sendAttemptResult":"NO_RESPONSE"}],"signedPayload":"payload"}]}"#),
            call: { api in
                let page = try await api.getNotificationHistory(
                    request: NotificationHistoryRequest(
                        startDate: Timestamp(millisecondsSince1970: 1_698_148_900_000),
                        endDate: Timestamp(millisecondsSince1970: 1_698_148_950_000), notificationType: .subscribed,
                        notificationSubtype: .initialBuy, transactionId: "999733843", onlyFailures: true),
                    paginationToken: "a036bc0e-52b8-4bee-82fc-8c24cb6715d6")
                let item = page.notificationHistory?.first
                return
                    "\(page.paginationToken ?? "") \(item?.signedPayload ?? "") \(item?.sendAttempts?.first?.sendAttemptResult?.rawValue ?? "")"
            },
            expectedSummary: "57715481-805a-4283-8499-1c19b5d6b20a payload NO_RESPONSE"),
        EndpointCase(
            endpoint: .requestTestNotification, method: "POST", path: "/inApps/v1/notifications/test",
            response: .json(200, #"{"testNotificationToken":"ce3af791-365e-4c60-841b-1674b43c1609"}"#),
            call: { try await $0.requestTestNotification().testNotificationToken ?? "nil" },
            expectedSummary: "ce3af791-365e-4c60-841b-1674b43c1609"),
        EndpointCase(
            endpoint: .getTestNotificationStatus, method: "GET",
            path: "/inApps/v1/notifications/test/8cd2974c-f905-492a-bf9a-b2f47c791d19",
            response: .json(
                200,
                #"{"signedPayload":"signed_payload","sendAttempts":[{"attemptDate":1698148900000,"sendAttemptResult":"NO_RESPONSE"},"#
                    + #"{"attemptDate":1698148950000,"sendAttemptResult":"SUCCESS"}]}"#),
            call: { api in
                let status = try await api.getTestNotificationStatus(
                    testNotificationToken: "8cd2974c-f905-492a-bf9a-b2f47c791d19")
                return "\(status.signedPayload ?? "") \(status.sendAttempts?.map { $0.sendAttemptResult?.rawValue ?? "" } ?? [])"
            },
            expectedSummary: #"signed_payload ["NO_RESPONSE", "SUCCESS"]"#),
        EndpointCase(
            endpoint: .setAppAccountToken, method: "PUT", path: "/inApps/v1/transactions/49571273/appAccountToken",
            body: #"{"appAccountToken":"7389A31A-FB6D-4569-A2A6-DB7D85D84813"}"#,
            response: .empty(200),
            call: { api in
                try await api.setAppAccountToken(
                    originalTransactionId: "49571273",
                    request: UpdateAppAccountTokenRequest(
                        appAccountToken: UUID(uuidString: "7389a31a-fb6d-4569-a2a6-db7d85d84813")!))
                return "set"
            },
            expectedSummary: "set"),
        EndpointCase(
            endpoint: .finishTransaction, method: "POST", path: "/inApps/v1/transactions/2000000847061981/finish",
            response: .empty(200),
            call: { api in
                try await api.finishTransaction(transactionId: "2000000847061981")
                return "finished"
            },
            expectedSummary: "finished"),
        EndpointCase(
            endpoint: .getCustomerGroups, method: "GET", path: "/groups/v1/currentGroups/2000000847061981",
            response: .json(200, #"{"groups":[{"groupId":"g-1","groupType":"CONSUMER"}]}"#),
            call: { try await groups($0).getCustomerGroups(transactionId: "2000000847061981").groups?.first?.groupId ?? "nil" },
            expectedSummary: "g-1"),
        EndpointCase(
            endpoint: .getGroupMembers, method: "GET", path: "/groups/v1/group/g-1",
            query: [("limit", "2"), ("paginationToken", "2")],
            response: .json(200, #"{"members":[{"appTransactionId":"7"}],"hasMore":false}"#),
            call: {
                try await groups($0).getGroupMembers(groupId: "g-1", limit: 2, paginationToken: "2").members?.first?.appTransactionId
                    ?? "nil"
            },
            expectedSummary: "7"),
        EndpointCase(
            endpoint: .getSeatInfo, method: "GET", path: "/groups/v1/transactions/2000000847061981/seats",
            response: .json(200, #"{"totalSeatCount":5,"availableSeatCount":2,"assignedSeatClaimIds":[]}"#),
            call: { "\(try await groups($0).getSeatInfo(transactionId: "2000000847061981").availableSeatCount ?? -1)" },
            expectedSummary: "2"),
        EndpointCase(
            endpoint: .claimSeat, method: "POST", path: "/groups/v1/transactions/2000000847061981/seats",
            body: #"{"appTransactionId":"7","requestIdentifier":"7389A31A-FB6D-4569-A2A6-DB7D85D84813"}"#,
            response: .json(200, #"{"seatClaimId":"1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10"}"#),
            call: { api in
                let claim = ClaimSeatRequest(
                    requestIdentifier: UUID(uuidString: "7389a31a-fb6d-4569-a2a6-db7d85d84813"), appTransactionId: "7")
                return try await groups(api).claimSeat(transactionId: "2000000847061981", request: claim).seatClaimId?.uuidString ?? "nil"
            },
            expectedSummary: "1B0A5F7C-4E0E-4D4E-9D62-3F1C3C6A7B10"),
        EndpointCase(
            endpoint: .unclaimSeat, method: "DELETE",
            path: "/groups/v1/transactions/2000000847061981/seats/1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10",
            response: .empty(200),
            call: { api in
                try await groups(api).unclaimSeat(
                    transactionId: "2000000847061981", seatClaimId: UUID(uuidString: "1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10")!)
                return "unclaimed"
            },
            expectedSummary: "unclaimed"),
        EndpointCase(
            endpoint: .associateSeat, method: "PUT",
            path: "/groups/v1/transactions/2000000847061981/seats/1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10",
            body: #"{"appTransactionId":"7"}"#,
            response: .empty(200),
            call: { api in
                try await groups(api).associateSeat(
                    transactionId: "2000000847061981", seatClaimId: UUID(uuidString: "1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10")!,
                    request: AssociateSeatRequest(appTransactionId: "7"))
                return "associated"
            },
            expectedSummary: "associated"),
    ]

/// The group and seat endpoints of the client under test (a separate protocol).
private func groups(_ api: any AppStoreServerAPI) throws -> any AppStoreServerGroupsAPI {
    guard let groups = api as? any AppStoreServerGroupsAPI else { throw CancellationError() }
    return groups
}

@Suite("Endpoints: path, method, query, body, bearer token")
struct EndpointEncodingTests {
    @Test("every endpoint has a case")
    func everyEndpointCovered() {
        #expect(Set(endpointCases.map(\.endpoint)) == Set(AppStoreServerEndpoint.allCases))
        for item in endpointCases { #expect(item.method == item.endpoint.method, "\(item.endpoint)") }
    }

    @Test("request on the wire and decoded response", arguments: endpointCases)
    func endpoint(_ item: EndpointCase) async throws {
        let factory = try ClientFactory()
        let credentials = factory.credentials
        // Like Apple, the server refuses a request whose bearer token does not verify.
        let handler: TestServer.Handler = { request, _ in
            (try? credentials.verify(authorization: request.header("Authorization"))) == nil ? .empty(401) : item.response
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            let summary = try await item.call(client)
            #expect(summary == item.expectedSummary)

            let requests = server.requests
            try #require(requests.count == 1)
            let request = requests[0]
            #expect(request.method == item.method)
            #expect(request.path == item.path)
            #expect(request.query.map { "\($0.name)=\($0.value)" } == item.query.map { "\($0.name)=\($0.value)" })
            #expect(request.header("Accept") == "application/json")
            if let expected = item.body {
                #expect(request.header("Content-Type") == "application/json")
                let sent = try #require(request.json as NSDictionary?)
                let wanted = try #require(
                    (try JSONSerialization.jsonObject(with: Data(expected.utf8))) as? NSDictionary)
                #expect(sent == wanted, "sent \(String(decoding: request.body, as: UTF8.self))")
            } else if let binary = item.binaryBody {
                #expect(request.header("Content-Type") == binary.contentType)
                #expect(request.body == binary.bytes)
            } else {
                #expect(request.body.isEmpty)
            }

            let claims = try factory.credentials.verify(authorization: request.header("Authorization"))
            let now = Int64(factory.clock.now.timeIntervalSince1970)
            #expect(claims.iss == TestCredentials.issuerId)
            #expect(claims.bid == TestCredentials.bundleId)
            #expect(claims.aud == "appstoreconnect-v1")
            #expect(claims.iat == now)
            #expect(claims.exp > now && claims.exp - claims.iat <= 3600)
        }
    }

    @Test("a token signed with another key is refused by the server's verification")
    func foreignKeyRefused() async throws {
        let factory = try ClientFactory()
        let credentials = factory.credentials
        let handler: TestServer.Handler = { request, _ in
            (try? credentials.verify(authorization: request.header("Authorization"))) == nil ? .empty(401) : .json(200, "{}")
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let other = try TestCredentials()
            let client = try AppStoreServerAPIClient(
                configuration: factory.configuration(server), token: other.token, rateLimiter: AppStoreRateLimiter(),
                clock: factory.clock, metricsFactory: factory.metrics)
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.getTransactionInfo(transactionId: "1") }
            #expect(error?.code == .unauthorized)
            #expect(error?.httpStatus == 401)
        }
    }

    @Test("path parameters are percent-encoded and cannot add segments or queries")
    func pathEncoding() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .json(200, #"{"status":1}"#) }) { server in
            let client = try factory.client(server)
            _ = try await client.lookUpOrderId("A/B?c=d&e f")
            let request = try #require(server.requests.first)
            #expect(request.path == "/inApps/v1/lookup/A%2FB%3Fc%3Dd%26e%20f")
            #expect(request.rawQuery == nil)
        }
    }

    @Test("an empty identifier is refused without a request")
    func emptyIdentifier() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .empty(200) }) { server in
            let client = try factory.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.getTransactionInfo(transactionId: "")
            }
            #expect(error?.code == .invalidRequest)
            #expect(server.requests.isEmpty)
        }
    }

    @Test("a configuration without a base URL is rejected")
    func missingBaseURL() throws {
        let credentials = try TestCredentials()
        #expect(throws: AppStoreAPIError.self) {
            _ = try AppStoreServerAPIClient(
                configuration: AppStoreServerAPIConfiguration(environment: .localTesting), token: credentials.token)
        }
        let production = AppStoreServerAPIConfiguration(environment: .production)
        #expect(production.baseURL == "https://api.storekit.apple.com")
        #expect(AppStoreServerAPIConfiguration(environment: .sandbox).baseURL == "https://api.storekit-sandbox.apple.com")
    }

    @Test("Apple's recommended and earlier hosts are Apple's; anything else, or the other environment's, is not")
    func appleHosts() {
        for url in ["https://api.storekit.apple.com", "https://api.storekit.itunes.apple.com/"] {
            #expect(AppStoreServerAPIConfiguration.isAppleBaseURL(url, for: .production))
            #expect(!AppStoreServerAPIConfiguration.isAppleBaseURL(url, for: .sandbox))
        }
        for url in ["https://api.storekit-sandbox.apple.com/", "https://api.storekit-sandbox.itunes.apple.com"] {
            #expect(AppStoreServerAPIConfiguration.isAppleBaseURL(url, for: .sandbox))
            #expect(!AppStoreServerAPIConfiguration.isAppleBaseURL(url, for: .production))
        }
        #expect(!AppStoreServerAPIConfiguration.isAppleBaseURL("http://127.0.0.1:8090/production", for: .production))
        #expect(!AppStoreServerAPIConfiguration.isAppleBaseURL("https://api.storekit.apple.com", for: .xcode))
    }
}
