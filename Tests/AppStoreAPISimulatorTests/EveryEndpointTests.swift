import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import MetricsTestKit
import Testing

/// Every ``AppStoreServerEndpoint`` the client knows, each called through the client against the
/// simulator with a 5xx injected on exactly that endpoint (by the name the client's metrics use):
/// idempotent endpoints are retried and succeed, the others are reported once and not repeated.
/// The `switch` below has no `default`, so an endpoint added to the client without a call here does
/// not compile.
@Suite("App Store Server API client against the simulator: every endpoint")
struct EveryEndpointTests {
    /// The client and the simulator share one endpoint list (``AppStoreServerEndpoint``), so the
    /// names agree by construction; what can still go wrong is a listed endpoint the simulator
    /// never routes. Unauthenticated, a routed endpoint answers 401; an unrouted one 404.
    @Test("the simulator serves every endpoint of the client, under the same fault name")
    func simulatorKnowsEveryEndpoint() async throws {
        try await SimulatorHarness.with { h in
            for endpoint in AppStoreServerEndpoint.allCases {
                let values = endpoint.pathParameters.map { _ in "2000000000000001" }
                var request = HTTPClientRequest(url: h.baseURL(.sandbox) + endpoint.path(values))
                request.method = .init(rawValue: endpoint.method)
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                #expect(response.status == .unauthorized, "\(endpoint) at \(endpoint.method) \(endpoint.pathTemplate)")
            }
        }
    }

    /// What one endpoint call needs: a customer with a consumable and a subscription, an existing
    /// mass extension and test notification, and another customer's group subscription with
    /// developer-hosted invitations (its purchaser's transaction, a seat claim, its group).
    struct Fixture {
        var start: Timestamp
        var gems: String
        var monthly: String
        var orderId: String
        var massExtension: MassExtendRenewalDateRequest
        var testNotificationToken: String
        var group: String
        var claim: UUID
        var groupId: String
        var retention: RetentionFixture
    }

    static func fixture(_ h: SimulatorHarness, _ api: AppStoreServerAPIClient) async throws -> Fixture {
        let customer = SimulatorHarness.customer(.sandbox)
        let start = h.simulator.now()
        let gems = try await h.buy(DemoCatalog.gems, account: customer)
        let monthly = try await h.buy(DemoCatalog.monthly, account: customer)
        try await h.simulator.requestRefund(transactionId: gems, reason: .unintendedPurchase)
        let massExtension = MassExtendRenewalDateRequest(
            requestIdentifier: UUID().uuidString, extendByDays: 1, extendReasonCode: .other, productId: DemoCatalog.monthly)
        _ = try await api.extendRenewalDatesForAllActiveSubscribers(massExtension)
        let token = try #require(try await api.requestTestNotification().testNotificationToken)
        let bought = try await h.simulator.purchase(
            PurchaseRequest(
                accountId: SimulatorHarness.otherCustomer(.sandbox), bundleId: SimulatorHarness.bundleId,
                productId: DemoCatalog.monthly, seats: 3, invitationManagement: .developer))
        let group = try #require(bought.transaction.transactionId)
        let claim = try #require(
            try await api.claimSeat(transactionId: group, request: ClaimSeatRequest(requestIdentifier: UUID())).seatClaimId)
        let groupId = try #require(try await api.getCustomerGroups(transactionId: group).groups?.first?.groupId)
        return Fixture(
            start: start, gems: gems, monthly: monthly, orderId: try #require(h.simulator.transaction(id: gems)?.orderId),
            massExtension: massExtension, testNotificationToken: token, group: group, claim: claim, groupId: groupId,
            retention: try await RetentionFixture.make(api, monthly: monthly))
    }

    /// Calls `endpoint` once through the client.
    static func call(
        _ endpoint: AppStoreServerEndpoint, _ api: AppStoreServerAPIClient, _ f: Fixture, _ h: SimulatorHarness
    ) async throws(AppStoreAPIError) {
        switch endpoint {
        case .getTransactionInfo:
            _ = try await api.getTransactionInfo(transactionId: f.gems)
        case .getTransactionHistory:
            _ = try await api.getTransactionHistory(transactionId: f.gems)
        case .getAllSubscriptionStatuses:
            _ = try await api.getAllSubscriptionStatuses(transactionId: f.monthly)
        case .getRefundHistory:
            _ = try await api.getRefundHistory(transactionId: f.gems, revision: nil)
        case .lookUpOrderId:
            _ = try await api.lookUpOrderId(f.orderId)
        case .getAppTransactionInfo:
            _ = try await api.getAppTransactionInfo(transactionId: f.gems)
        case .extendSubscriptionRenewalDate:
            _ = try await api.extendSubscriptionRenewalDate(
                originalTransactionId: f.monthly,
                request: ExtendRenewalDateRequest(extendByDays: 1, extendReasonCode: .other, requestIdentifier: "every-endpoint"))
        case .extendRenewalDatesForAllActiveSubscribers:
            _ = try await api.extendRenewalDatesForAllActiveSubscribers(
                MassExtendRenewalDateRequest(
                    requestIdentifier: "every-endpoint", extendByDays: 1, extendReasonCode: .other,
                    productId: DemoCatalog.monthly))
        case .getStatusOfSubscriptionRenewalDateExtensions:
            _ = try await api.getStatusOfSubscriptionRenewalDateExtensions(
                productId: DemoCatalog.monthly, requestIdentifier: f.massExtension.requestIdentifier)
        case .sendConsumptionInformation:
            try await api.sendConsumptionInformation(
                transactionId: f.gems,
                request: ConsumptionRequest(customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false))
        case .sendConsumptionInformationV1:
            try await api.sendConsumptionInformationV1(
                transactionId: f.gems,
                request: ConsumptionRequestV1(
                    customerConsented: true, consumptionStatus: .notConsumed, platform: .apple, sampleContentProvided: false,
                    deliveryStatus: .deliveredAndWorking, appAccountToken: "", accountTenure: .undeclared,
                    playTime: .undeclared, lifetimeDollarsRefunded: .undeclared, lifetimeDollarsPurchased: .undeclared,
                    userStatus: .active))
        case .getNotificationHistory:
            _ = try await api.getNotificationHistory(
                request: NotificationHistoryRequest(startDate: f.start, endDate: h.simulator.now().adding(milliseconds: 1)),
                paginationToken: nil)
        case .requestTestNotification:
            _ = try await api.requestTestNotification()
        case .getTestNotificationStatus:
            _ = try await api.getTestNotificationStatus(testNotificationToken: f.testNotificationToken)
        case .setAppAccountToken:
            try await api.setAppAccountToken(
                originalTransactionId: f.monthly, request: UpdateAppAccountTokenRequest(appAccountToken: UUID()))
        case .finishTransaction:
            try await api.finishTransaction(transactionId: f.gems)
        case .getCustomerGroups:
            _ = try await api.getCustomerGroups(transactionId: f.group)
        case .getGroupMembers:
            _ = try await api.getGroupMembers(groupId: f.groupId, limit: nil, paginationToken: nil)
        case .getSeatInfo:
            _ = try await api.getSeatInfo(transactionId: f.group)
        case .claimSeat:
            _ = try await api.claimSeat(transactionId: f.group, request: ClaimSeatRequest(requestIdentifier: UUID()))
        case .unclaimSeat:
            try await api.unclaimSeat(transactionId: f.group, seatClaimId: f.claim)
        case .associateSeat:
            try await api.associateSeat(transactionId: f.group, seatClaimId: f.claim, request: AssociateSeatRequest())
        default:
            try await f.retention.call(endpoint, api)
        }
    }

    /// The calls a repeat could duplicate (each test notification is a new notification; Apple
    /// does not document Finish Transaction as idempotent). Every other endpoint is a read, a
    /// replacing `PUT`, or idempotent by its request identifier.
    static let notRetried: Set<AppStoreServerEndpoint> = [
        .requestTestNotification, .finishTransaction, .uploadRetentionImage, .uploadRetentionMessage, .initiatePerformanceTest,
    ]

    @Test("a 5xx on the endpoint: retried when idempotent, reported once otherwise", arguments: AppStoreServerEndpoint.allCases)
    func serverErrorOnEachEndpoint(_ endpoint: AppStoreServerEndpoint) async throws {
        try await SimulatorHarness.with { h in
            let metrics = TestMetrics()
            let api = try h.apiClient(.sandbox, retry: AppStoreAPIRetryPolicy(maximumAttempts: 3), metrics: metrics)
            let fixture = try await Self.fixture(h, api)
            metrics.reset()
            h.requests.clear()
            h.simulator.addFault(APIFaultRule(endpoint: endpoint.rawValue, kind: .serverError, count: 1))
            let name = endpoint.rawValue
            let requests = AppStoreAPIMetricNames.requests

            let retried = !Self.notRetried.contains(endpoint)
            #expect(endpoint.isIdempotent == retried)
            if retried {
                try await Self.call(endpoint, api, fixture, h)
                #expect(h.requests.all.count == 2, "the 500, then the retry")
                #expect(metrics.counterTotal(label: AppStoreAPIMetricNames.retries, dimensions: [("endpoint", name)]) == 1)
                #expect(metrics.counterTotal(label: requests, dimensions: [("endpoint", name), ("outcome", "success")]) == 1)
            } else {
                let error = await #expect(throws: AppStoreAPIError.self) {
                    try await Self.call(endpoint, api, fixture, h)
                }
                #expect(error?.code == .serverError && error?.httpStatus == 500 && error?.errorCode == .generalInternal)
                #expect(error?.endpoint == name)
                #expect(error?.isRetryable == true, "the caller may repeat it")
                #expect(h.requests.all.count == 1, "not repeated automatically")
                #expect(metrics.counterTotal(label: AppStoreAPIMetricNames.retries) == 0)
                try await Self.call(endpoint, api, fixture, h)
                #expect(h.requests.all.count == 2)
            }
            #expect(h.requests.all.allSatisfy { $0.method == endpoint.method }, "Apple's method")
            #expect(metrics.counterTotal(label: requests, dimensions: [("endpoint", name), ("outcome", "serverError")]) == 1)
            #expect(
                metrics.counterTotal(
                    label: AppStoreAPIMetricNames.errors,
                    dimensions: [("endpoint", name), ("code", "serverError"), ("apple_error_code", "5000000")]) == 1)
            #expect(metrics.counterTotal(label: requests) == 2, "only this endpoint was called")
            #expect(h.simulator.snapshot().faults.apiRules.isEmpty, "the fault was used by this endpoint")
        }
    }

    @Test("GET /control/requests lists what reached the Apple endpoints; DELETE forgets it")
    func controlRequestLog() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.production))
            _ = try await h.apiClient(.production).getTransactionInfo(transactionId: id)
            _ = try? await h.apiClient(.sandbox).getTransactionInfo(transactionId: id)
            let arrivedAt = h.clock.now

            func listed() async throws -> [ReceivedRequest] {
                let response = try await HTTPClient.shared.execute(
                    HTTPClientRequest(url: h.origin + "/control/requests"), timeout: .seconds(10))
                #expect(response.status == .ok)
                let body = try await response.body.collect(upTo: 1 << 20)
                let decoder = JSONDecoder()
                return try decoder.decode([ReceivedRequest].self, from: Data(buffer: body))
            }
            let log = try await listed()
            #expect(log.map(\.endpoint) == ["getTransactionInfo", "getTransactionInfo"])
            #expect(log.map(\.environment) == [.production, .sandbox])
            #expect(log.map(\.httpStatus) == [200, 404] && log.map(\.code) == [nil, 4_040_010])
            #expect(log.allSatisfy { abs($0.receivedAt.timeIntervalSince(arrivedAt)) < 0.001 })

            var delete = HTTPClientRequest(url: h.origin + "/control/requests")
            delete.method = .DELETE
            #expect(try await HTTPClient.shared.execute(delete, timeout: .seconds(10)).status == .noContent)
            #expect(try await listed().isEmpty)
        }
    }
}
