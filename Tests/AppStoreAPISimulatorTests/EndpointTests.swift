import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// Every App Store Server API endpoint, called through `AppStoreServerAPIClient` against the
/// simulator's state, in both environments; every signed value is verified against the
/// simulator's root before a field of it is trusted.
@Suite("App Store Server API client against the simulator: endpoints")
struct EndpointTests {
    static let environments: [AppStoreEnvironment] = [.sandbox, .production]

    @Test("Get Transaction Info answers each of the four product types, signed", arguments: environments)
    func transactionInfo(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(environment)
            let bought = [
                (DemoCatalog.gems, ProductType.consumable),
                (DemoCatalog.removeAds, .nonConsumable),
                (DemoCatalog.seasonPass, .nonRenewingSubscription),
                (DemoCatalog.monthly, .autoRenewableSubscription),
            ]
            let api = try h.apiClient(environment)
            let verifier = try h.verifier(environment)
            for (productId, type) in bought {
                let id = try await h.buy(productId, account: customer)
                let response = try await api.getTransactionInfo(transactionId: id)
                let transaction = try verifier.verifyTransaction(try #require(response.signedTransactionInfo))
                #expect(transaction.transactionId == id)
                #expect(transaction.productId == productId)
                #expect(transaction.type == type)
                #expect(transaction.environment == environment)
                #expect(transaction.bundleId == DemoCatalog.bundleId)
            }
            #expect(h.requests.containing("/inApps/v1/transactions/").isEmpty == false)
            #expect(
                h.requests.all.allSatisfy { $0.path.hasPrefix(environment == .production ? "/production/" : "/sandbox/") },
                "the client used its environment's base URL")
        }
    }

    @Test("the base URL without a prefix is production; the other environment does not know the transaction")
    func environmentsAreSeparate() async throws {
        try await SimulatorHarness.with { h in
            let sandboxId = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            let productionId = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.production))
            let root = try h.apiClient(.production, baseURL: h.origin)
            let signed = try #require(try await root.getTransactionInfo(transactionId: productionId).signedTransactionInfo)
            #expect(try h.verifier(.production).verifyTransaction(signed).transactionId == productionId)
            #expect(h.requests.all.last?.path == "/inApps/v1/transactions/\(productionId)")

            let production = try h.apiClient(.production)
            let sandbox = try h.apiClient(.sandbox)
            let crossed = await #expect(throws: AppStoreAPIError.self) {
                _ = try await production.getTransactionInfo(transactionId: sandboxId)
            }
            #expect(crossed?.code == .notFound && crossed?.errorCode == .transactionIdNotFound)
            let crossedBack = await #expect(throws: AppStoreAPIError.self) {
                _ = try await sandbox.getTransactionInfo(transactionId: productionId)
            }
            #expect(crossedBack?.code == .notFound)
        }
    }

    @Test("Get All Subscription Statuses follows renewals and the status filter", arguments: environments)
    func subscriptionStatuses(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(environment)
            let original = try await h.buy(DemoCatalog.monthly, account: customer)
            try await h.simulator.advance(by: .oneMonth)
            try await h.advanceSimulated(seconds: 3600)
            try await h.simulator.advance(by: .oneMonth)
            try await h.advanceSimulated(seconds: 3600)
            let subscription = try #require(h.simulator.subscription(originalTransactionId: original))
            #expect(subscription.latestTransactionId != original, "two renewals happened")

            let api = try h.apiClient(environment)
            let verifier = try h.verifier(environment)
            let all = try await api.getAllSubscriptionStatuses(transactionId: original)
            #expect(all.environment == environment)
            #expect(all.bundleId == DemoCatalog.bundleId)
            let group = try #require(all.data?.first)
            #expect(all.data?.count == 1 && group.subscriptionGroupIdentifier == DemoCatalog.groupId)
            let item = try #require(group.lastTransactions?.first)
            #expect(group.lastTransactions?.count == 1)
            #expect(item.status == .active)
            #expect(item.originalTransactionId == original)
            let latest = try verifier.verifyTransaction(try #require(item.signedTransactionInfo))
            #expect(latest.transactionId == subscription.latestTransactionId)
            #expect(latest.originalTransactionId == original)
            #expect(latest.expiresDate == subscription.expiresDate)
            let renewal = try verifier.verifyRenewalInfo(try #require(item.signedRenewalInfo))
            #expect(renewal.originalTransactionId == original)
            #expect(renewal.autoRenewProductId == DemoCatalog.monthly)

            // The history holds the purchase and both renewals.
            let history = try await api.allSignedTransactions(transactionId: original).map {
                try verifier.verifyTransaction($0)
            }
            #expect(history.count == 3)
            #expect(Set(history.compactMap(\.originalTransactionId)) == [original])

            let onlyActive = try await api.getAllSubscriptionStatuses(
                transactionId: latest.transactionId ?? "", request: AllSubscriptionStatusesRequest(status: [.active]))
            #expect(onlyActive.data?.flatMap { $0.lastTransactions ?? [] }.map(\.originalTransactionId) == [original])
            let onlyExpired = try await api.getAllSubscriptionStatuses(
                transactionId: original, request: AllSubscriptionStatusesRequest(status: [.expired, .revoked]))
            #expect(onlyExpired.data?.flatMap { $0.lastTransactions ?? [] }.isEmpty ?? true)
            #expect(h.requests.all.last?.query == "status=2&status=5", "the filter reached the simulator")

            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            try await h.simulator.advance(by: .oneMonth)
            let expired = try await api.getAllSubscriptionStatuses(
                transactionId: original, request: AllSubscriptionStatusesRequest(status: [.expired]))
            let expiredItem = try #require(expired.data?.first?.lastTransactions?.first)
            #expect(expiredItem.status == .expired)
            #expect(try verifier.verifyRenewalInfo(try #require(expiredItem.signedRenewalInfo)).autoRenewStatus == .off)
        }
    }

    @Test("Look Up Order ID finds the order's transactions; an unknown order answers status 1", arguments: environments)
    func lookUpOrderId(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.removeAds, account: SimulatorHarness.customer(environment))
            let orderId = try #require(h.simulator.transaction(id: id)?.orderId)
            let api = try h.apiClient(environment)
            let found = try await api.lookUpOrderId(orderId)
            #expect(found.status == .valid)
            let signed = try #require(found.signedTransactions)
            #expect(try signed.map { try h.verifier(environment).verifyTransaction($0).transactionId } == [id])

            let unknown = try await api.lookUpOrderId("ZZZZZZZZZZ")
            #expect(unknown.status == .invalid)
            #expect(unknown.signedTransactions?.isEmpty ?? true)

            let other: AppStoreEnvironment = environment == .production ? .sandbox : .production
            #expect(try await h.apiClient(other).lookUpOrderId(orderId).status == .invalid, "orders are per environment")
        }
    }

    @Test("Get App Transaction Info answers the customer's app transaction", arguments: environments)
    func appTransactionInfo(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(environment)
            let id = try await h.buy(DemoCatalog.gems, account: customer)
            let expected = try #require(h.simulator.transaction(id: id)?.payload.appTransactionId)
            let response = try await h.apiClient(environment).getAppTransactionInfo(transactionId: id)
            let appTransaction = try h.verifier(environment).verifyAppTransaction(
                try #require(response.signedAppTransactionInfo))
            #expect(appTransaction.appTransactionId == expected)
            #expect(appTransaction.bundleId == DemoCatalog.bundleId)
            #expect(appTransaction.receiptType == (environment == .production ? .production : .sandbox))
        }
    }

    @Test("Extend a Subscription Renewal Date moves the expiry once per request identifier", arguments: environments)
    func extendRenewalDate(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let original = try await h.buy(DemoCatalog.monthly, account: SimulatorHarness.customer(environment))
            let before = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
            let api = try h.apiClient(environment)
            let request = ExtendRenewalDateRequest(
                extendByDays: 3, extendReasonCode: .customerSatisfaction, requestIdentifier: UUID().uuidString)
            let response = try await api.extendSubscriptionRenewalDate(originalTransactionId: original, request: request)
            #expect(response.success == true)
            #expect(response.originalTransactionId == original)
            #expect(response.effectiveDate == before.adding(milliseconds: 3 * 86_400_000))

            let again = try await api.extendSubscriptionRenewalDate(originalTransactionId: original, request: request)
            #expect(again == response, "the same request identifier answers the same result")
            #expect(h.simulator.subscription(originalTransactionId: original)?.expiresDate == response.effectiveDate)

            let info = try await api.getTransactionInfo(transactionId: original)
            let transaction = try h.verifier(environment).verifyTransaction(try #require(info.signedTransactionInfo))
            #expect(transaction.expiresDate == response.effectiveDate)
            let types = h.simulator.notifications(bundleId: DemoCatalog.bundleId).map(\.notificationType)
            #expect(types.filter { $0 == .renewalExtended }.count == 1)
        }
    }

    @Test("Extend for All Active Subscribers, then its status", arguments: environments)
    func massExtension(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let first = try await h.buy(DemoCatalog.monthly, account: SimulatorHarness.customer(environment))
            let second = try await h.buy(DemoCatalog.monthly, account: SimulatorHarness.otherCustomer(environment))
            let expiries = try [first, second].map { try #require(h.simulator.subscription(originalTransactionId: $0)?.expiresDate) }
            let api = try h.apiClient(environment)
            let identifier = UUID().uuidString
            let request = MassExtendRenewalDateRequest(
                requestIdentifier: identifier, extendByDays: 5, extendReasonCode: .serviceIssueOrOutage,
                productId: DemoCatalog.monthly, storefrontCountryCodes: ["USA"])
            let started = try await api.extendRenewalDatesForAllActiveSubscribers(request)
            #expect(started.requestIdentifier == identifier)

            let inProgress = try await api.getStatusOfSubscriptionRenewalDateExtensions(
                productId: DemoCatalog.monthly, requestIdentifier: identifier)
            #expect(inProgress.requestIdentifier == identifier)
            #expect(inProgress.complete == false, "in progress until the simulator's clock has processed each subscriber")
            #expect(inProgress.completeDate == nil)
            #expect(inProgress.succeededCount == 0 && inProgress.failedCount == 0)
            try await h.simulator.advance(byMilliseconds: 2 * h.simulator.massExtensionStepMilliseconds)
            let status = try await api.getStatusOfSubscriptionRenewalDateExtensions(
                productId: DemoCatalog.monthly, requestIdentifier: identifier)
            #expect(status.requestIdentifier == identifier)
            #expect(status.complete == true)
            #expect(status.completeDate == h.simulator.now())
            #expect(status.succeededCount == 2)
            #expect(status.failedCount == 0)
            for (original, expiry) in zip([first, second], expiries) {
                let statuses = try await api.getAllSubscriptionStatuses(transactionId: original)
                let item = try #require(statuses.data?.first?.lastTransactions?.first)
                let latest = try h.verifier(environment).verifyTransaction(try #require(item.signedTransactionInfo))
                #expect(latest.expiresDate == expiry.adding(milliseconds: 5 * 86_400_000))
            }

            #expect(try await api.extendRenewalDatesForAllActiveSubscribers(request).requestIdentifier == identifier)
            #expect(
                h.simulator.subscription(originalTransactionId: first)?.expiresDate
                    == expiries[0].adding(milliseconds: 5 * 86_400_000),
                "a repeated request identifier extends nobody twice")

            let unknown = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getStatusOfSubscriptionRenewalDateExtensions(
                    productId: DemoCatalog.monthly, requestIdentifier: UUID().uuidString)
            }
            #expect(unknown?.code == .notFound && unknown?.errorCode == .statusRequestNotFound)
            #expect(unknown?.isRetryable == false)
        }
    }

    @Test("Send Consumption Information: the simulator records the v2 and v1 bodies", arguments: environments)
    func consumptionInformation(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(environment))
            try await h.simulator.requestRefund(transactionId: id, reason: .unintendedPurchase)
            let api = try h.apiClient(environment)
            let v2 = ConsumptionRequest(
                customerConsented: true, consumptionPercentage: 25_000, deliveryStatus: .delivered,
                refundPreference: .grantProrated, sampleContentProvided: false)
            try await api.sendConsumptionInformation(transactionId: id, request: v2)
            let token = UUID()
            let v1 = ConsumptionRequestV1(
                customerConsented: true, consumptionStatus: .partiallyConsumed, platform: .apple,
                sampleContentProvided: true, deliveryStatus: .deliveredAndWorking, appAccountToken: token.uuidString,
                accountTenure: .thirtyDaysToNinetyDays, playTime: .oneToSixHours,
                lifetimeDollarsRefunded: .zeroDollars,
                lifetimeDollarsPurchased: .fiftyDollarsToNinetyNineDollarsAndNinetyNineCents, userStatus: .active,
                refundPreference: .preferDecline)
            try await api.sendConsumptionInformationV1(transactionId: id, request: v1)

            let reports = h.simulator.consumptionReports()
            #expect(reports.count == 2)
            let first = try #require(reports.first)
            #expect(first.version == 2 && first.transactionId == id)
            #expect(try JSONDecoder().decode(ConsumptionRequest.self, from: Data(first.body.utf8)) == v2)
            let second = try #require(reports.last)
            #expect(second.version == 1 && second.transactionId == id)
            #expect(try JSONDecoder().decode(ConsumptionRequestV1.self, from: Data(second.body.utf8)) == v1)
            #expect(h.requests.matching("/inApps/v2/transactions/consumption/\(id)").first?.method == "PUT")
            #expect(h.requests.matching("/inApps/v1/transactions/consumption/\(id)").first?.method == "PUT")

            let invalid = await #expect(throws: AppStoreAPIError.self) {
                var refused = v2
                refused.customerConsented = false
                try await api.sendConsumptionInformation(transactionId: id, request: refused)
            }
            #expect(invalid?.code == .invalidRequest && invalid?.errorCode == .invalidCustomerConsented)
            #expect(invalid?.isRetryable == false)
            #expect(h.simulator.consumptionReports().count == 2, "a refused body is not recorded")
        }
    }

    @Test("Request a Test Notification, then Get Test Notification Status", arguments: environments)
    func testNotification(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let api = try h.apiClient(environment)
            let sent = try await api.requestTestNotification()
            let token = try #require(sent.testNotificationToken)
            let status = try await api.getTestNotificationStatus(testNotificationToken: token)
            let notification = try h.verifier(environment).verifyNotification(try #require(status.signedPayload))
            #expect(notification.payload.notificationType == .test)
            #expect(notification.payload.data?.environment == environment)
            #expect(status.firstSendAttemptResult == .success)
            #expect(status.sendAttempts?.count == 1)
            #expect(h.notificationsSent.received.count == 1, "the simulator delivered it")

            let unknown = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getTestNotificationStatus(testNotificationToken: UUID().uuidString)
            }
            #expect(unknown?.code == .notFound && unknown?.errorCode == .testNotificationNotFound)
        }
    }

    @Test("Request a Test Notification without a notification URL is Apple's 404 4040007")
    func testNotificationWithoutURL() async throws {
        try await SimulatorHarness.with(notificationURL: nil) { h in
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.apiClient(.sandbox).requestTestNotification()
            }
            #expect(error?.code == .notFound && error?.errorCode == .serverNotificationURLNotFound)
        }
    }

    @Test("Set App Account Token replaces the token on the original transaction", arguments: environments)
    func setAppAccountToken(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let first = UUID()
            let original = try await h.buy(DemoCatalog.monthly, account: SimulatorHarness.customer(environment), token: first)
            try await h.simulator.advance(by: .oneMonth)
            try await h.advanceSimulated(seconds: 60)
            let api = try h.apiClient(environment)
            let verifier = try h.verifier(environment)
            let replacement = UUID()
            try await api.setAppAccountToken(
                originalTransactionId: original, request: UpdateAppAccountTokenRequest(appAccountToken: replacement))
            let info = try await api.getTransactionInfo(transactionId: original)
            #expect(try verifier.verifyTransaction(try #require(info.signedTransactionInfo)).appAccountToken == replacement)

            let renewal = try #require(h.simulator.subscription(originalTransactionId: original)?.latestTransactionId)
            #expect(renewal != original)
            let error = await #expect(throws: AppStoreAPIError.self) {
                try await api.setAppAccountToken(
                    originalTransactionId: renewal, request: UpdateAppAccountTokenRequest(appAccountToken: UUID()))
            }
            #expect(error?.code == .invalidRequest && error?.errorCode == .transactionIdIsNotOriginalTransactionId)
            #expect(error?.isRetryable == false)
        }
    }

    @Test(
        "Finish Transaction marks the transaction finished once; unknown and malformed IDs are Apple's errors",
        arguments: environments)
    func finishTransaction(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(environment))
            let api = try h.apiClient(environment)
            #expect(h.simulator.transaction(id: id)?.finishedAt == nil)
            try await api.finishTransaction(transactionId: id)
            let finishedAt = try #require(h.simulator.transaction(id: id)?.finishedAt)
            #expect(finishedAt == h.simulator.now())

            try await h.advanceSimulated(seconds: 60)
            try await api.finishTransaction(transactionId: id)
            #expect(h.simulator.transaction(id: id)?.finishedAt == finishedAt, "finishing again keeps the first instant")
            #expect(h.requests.matching("/inApps/v1/transactions/\(id)/finish").map(\.method) == ["POST", "POST"])

            let unknown = await #expect(throws: AppStoreAPIError.self) {
                try await api.finishTransaction(transactionId: "2000000999999997")
            }
            #expect(unknown?.code == .notFound && unknown?.errorCode == .transactionIdNotFound)
            #expect(unknown?.isRetryable == false)
            let other: AppStoreEnvironment = environment == .production ? .sandbox : .production
            let crossed = await #expect(throws: AppStoreAPIError.self) {
                try await h.apiClient(other).finishTransaction(transactionId: id)
            }
            #expect(crossed?.code == .notFound, "transactions are per environment")
            let malformed = await #expect(throws: AppStoreAPIError.self) {
                try await api.finishTransaction(transactionId: "12ab")
            }
            #expect(malformed?.code == .invalidRequest && malformed?.errorCode == .invalidTransactionId)
        }
    }
}
