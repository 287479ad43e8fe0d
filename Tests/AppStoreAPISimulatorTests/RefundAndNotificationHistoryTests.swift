import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// Get Refund History (v2, `revision` pages) and Get Notification History (filters,
/// `onlyFailures`, `paginationToken` pages) through the client's page walkers.
@Suite("App Store Server API client against the simulator: refund and notification history")
struct RefundAndNotificationHistoryTests {
    @Test(
        "Get Refund History walks every refunded transaction once, then continues from a stored revision",
        arguments: [AppStoreEnvironment.sandbox, .production])
    func refundHistory(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(environment)
            var refunded: [String] = []
            var kept: [String] = []
            for index in 0..<30 {
                let id = try await h.buy(DemoCatalog.gems, account: customer)
                if index % 6 == 5 { kept.append(id) } else { refunded.append(id) }
            }
            for id in refunded { try await h.simulator.refund(transactionId: id, reason: .appIssue) }
            let monthly = try await h.buy(DemoCatalog.monthly, account: customer)
            try await h.simulator.refund(transactionId: monthly, reason: .other, percentage: 40_000)
            refunded.append(monthly)
            #expect(refunded.count == 26)

            let api = try h.apiClient(environment)
            let verifier = try h.verifier(environment)
            h.requests.clear()
            var pages: [RefundHistoryResponse] = []
            for try await page in api.refundHistory(transactionId: kept[0]) { pages.append(page) }
            #expect(pages.map { $0.signedTransactions?.count ?? 0 } == [20, 6])
            #expect(pages.map(\.hasMore) == [true, false])
            let walked = try pages.flatMap { $0.signedTransactions ?? [] }.map { try verifier.verifyTransaction($0) }
            #expect(walked.compactMap(\.transactionId) == refunded, "each refund once, in refund order")
            #expect(walked.allSatisfy { $0.revocationDate != nil })
            #expect(walked.last?.revocationType == .refundProrated && walked.last?.revocationPercentage == 40_000)
            let sent = h.requests.matching("/inApps/v2/refund/lookup/\(kept[0])")
            #expect(sent.count == 2 && sent.last?.query == "revision=\(pages[0].revision ?? "")")

            let stored = try #require(pages.last?.revision)
            let none = try await api.getRefundHistory(transactionId: kept[0], revision: stored)
            #expect(none.signedTransactions?.isEmpty ?? true)
            #expect(none.hasMore == false)
            try await h.simulator.refund(transactionId: kept[2], reason: .other)
            var newer: [String] = []
            for try await page in api.refundHistory(transactionId: kept[0], revision: stored) {
                newer += page.signedTransactions ?? []
            }
            #expect(try newer.map { try verifier.verifyTransaction($0).transactionId } == [kept[2]])
            #expect(try await api.allRefundedTransactions(transactionId: kept[1]).count == 27)
        }
    }

    @Test(
        "Get Notification History: type, subtype and customer filters, onlyFailures, and token pages",
        arguments: [AppStoreEnvironment.sandbox, .production])
    func notificationHistory(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(environment)
            let other = SimulatorHarness.otherCustomer(environment)
            let start = h.simulator.now()
            var gems: [String] = []
            for _ in 0..<23 { gems.append(try await h.buy(DemoCatalog.gems, account: customer)) }
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(3)))
            var lost: [String] = []
            for _ in 0..<3 { lost.append(try await h.buy(DemoCatalog.gems, account: other)) }
            let monthly = try await h.buy(DemoCatalog.monthly, account: other)
            try await h.simulator.advance(by: .oneMonth)
            try await h.advanceSimulated(seconds: 3600)
            let end = h.simulator.now().adding(milliseconds: 1)

            let api = try h.apiClient(environment)
            let verifier = try h.verifier(environment)
            func payloads(_ request: NotificationHistoryRequest) async throws -> [VerifiedNotification] {
                try await api.allNotificationHistory(request: request).map {
                    try verifier.verifyNotification(try #require($0.signedPayload))
                }
            }

            // Type filter across two pages, each token used once, the body repeated.
            h.requests.clear()
            let charges = try await payloads(
                NotificationHistoryRequest(startDate: start, endDate: end, notificationType: .oneTimeCharge))
            #expect(charges.count == 26)
            #expect(Set(charges.compactMap(\.transaction?.transactionId)) == Set(gems + lost))
            let sent = h.requests.matching("/inApps/v1/notifications/history")
            #expect(sent.count == 2)
            #expect(sent.first?.query == nil && sent.last?.query?.hasPrefix("paginationToken=") == true)

            var pages: [NotificationHistoryResponse] = []
            for try await page in api.notificationHistory(request: NotificationHistoryRequest(startDate: start, endDate: end)) {
                pages.append(page)
            }
            #expect(pages.map { $0.notificationHistory?.count ?? 0 } == [20, 8])
            #expect(pages.map(\.hasMore) == [true, false] && pages.last?.paginationToken == nil)

            // Type and subtype.
            let initial = try await payloads(
                NotificationHistoryRequest(
                    startDate: start, endDate: end, notificationType: .subscribed, notificationSubtype: .initialBuy))
            #expect(initial.map { $0.transaction?.originalTransactionId } == [monthly])
            let renewals = try await payloads(
                NotificationHistoryRequest(startDate: start, endDate: end, notificationType: .didRenew))
            #expect(renewals.count == 1 && renewals.first?.transaction?.originalTransactionId == monthly)

            // A customer, by any of their transaction IDs.
            let theirs = try await payloads(NotificationHistoryRequest(startDate: start, endDate: end, transactionId: lost[1]))
            #expect(theirs.count == 5)
            let theirIds = Set(theirs.compactMap { $0.transaction?.transactionId })
            #expect(theirIds.isSuperset(of: lost + [monthly]))

            // Only the notifications that were never delivered.
            let failures = try await api.allNotificationHistory(
                request: NotificationHistoryRequest(startDate: start, endDate: end, onlyFailures: true))
            #expect(failures.count == 3)
            let failed = try failures.map { try verifier.verifyNotification(try #require($0.signedPayload)) }
            #expect(Set(failed.compactMap(\.transaction?.transactionId)) == Set(lost))
            #expect(failures.allSatisfy { $0.sendAttempts?.allSatisfy { $0.sendAttemptResult != .success } ?? false })

            // Dates bound the window; the window itself is validated by Apple's codes.
            let none = try await api.allNotificationHistory(
                request: NotificationHistoryRequest(startDate: end, endDate: end.adding(milliseconds: 60_000)))
            #expect(none.isEmpty)
            let both = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getNotificationHistory(
                    request: NotificationHistoryRequest(
                        startDate: start, endDate: end, notificationType: .didRenew, transactionId: monthly),
                    paginationToken: nil)
            }
            #expect(both?.code == .invalidRequest && both?.errorCode == .multipleFiltersSupplied)
            let badToken = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getNotificationHistory(
                    request: NotificationHistoryRequest(startDate: start, endDate: end), paginationToken: "not-a-token")
            }
            #expect(badToken?.code == .invalidRequest && badToken?.errorCode == .invalidPaginationToken)
            #expect(badToken?.isRetryable == false)
        }
    }
}
