import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import Foundation
import Testing

/// Multiseat (group) subscriptions through the client against the simulator: the seat endpoints
/// of developer-hosted groups, the group endpoints, `UNCLAIM_SEATS`, the seats' notifications,
/// the sandbox-only rule, and the app transaction identifier where Apple accepts one.
@Suite("App Store Server API client against the simulator: groups and seats")
struct GroupEndpointTests {
    static let product = DemoCatalog.monthly

    @Test("developer-hosted seats: claim (idempotent by request identifier), full, associate, unclaim, UNCLAIM_SEATS")
    func developerHostedSeats() async throws {
        try await SimulatorHarness.with { h in
            let api = try h.apiClient(.sandbox)
            let bought = try await h.simulator.purchase(
                PurchaseRequest(
                    accountId: SimulatorHarness.customer(.sandbox), bundleId: SimulatorHarness.bundleId, productId: Self.product, seats: 3,
                    invitationManagement: .developer))
            let group = try #require(bought.transaction.transactionId)
            #expect(bought.transaction.multiSeatInfo?.invitationManagement == .developer)
            #expect(
                try await api.getSeatInfo(transactionId: group)
                    == SeatInfoResponse(totalSeatCount: 3, availableSeatCount: 2, assignedSeatClaimIds: []))

            let request = ClaimSeatRequest(requestIdentifier: UUID())
            let first = try #require(try await api.claimSeat(transactionId: group, request: request).seatClaimId)
            #expect(try await api.claimSeat(transactionId: group, request: request).seatClaimId == first, "a retry answers the same claim")
            let second = try #require(
                try await api.claimSeat(transactionId: group, request: ClaimSeatRequest(requestIdentifier: UUID())).seatClaimId)
            let full = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.claimSeat(transactionId: group, request: ClaimSeatRequest(requestIdentifier: UUID()))
            }
            #expect(full?.code == .invalidRequest)
            #expect(try await api.getSeatInfo(transactionId: group).assignedSeatClaimIds == [first, second])

            let member = SimulatorHarness.otherCustomer(.sandbox)
            _ = try await h.buy(DemoCatalog.gems, account: member)
            let memberApp = try #require(h.simulator.snapshot().appTransactions.values.first { $0.accountId == member }?.appTransactionId)
            try await api.associateSeat(
                transactionId: group, seatClaimId: first, request: AssociateSeatRequest(appTransactionId: memberApp))
            let members = try await api.getGroupMembers(
                groupId: try #require(try await api.getCustomerGroups(transactionId: group).groups?.first?.groupId), limit: 1,
                paginationToken: nil)
            #expect(members.members?.count == 1)
            #expect(members.hasMore == true)

            try await api.unclaimSeat(transactionId: group, seatClaimId: second)
            try await api.unclaimSeat(transactionId: group, seatClaimId: second)  // again: nothing more happens
            #expect(try await api.getSeatInfo(transactionId: group).availableSeatCount == 1)

            let released = try await h.simulator.unclaimSeats(originalTransactionId: group, seatClaimIds: [first])
            #expect(released == [first])
            let record = try #require(h.simulator.notifications().last)
            let notification = try h.verifier(.sandbox).verifyNotification(record.signedPayload)
            #expect(notification.payload.notificationType == .unclaimSeats)
            #expect(notification.payload.unclaimInfo?.unclaimSeatIds == [first])
            #expect(try await api.getSeatInfo(transactionId: group).assignedSeatClaimIds == [])
        }
    }

    @Test("Apple-hosted seats: members' assigned transactions, groups, additions, renewal seats, seat refunds")
    func appleHostedSeats() async throws {
        try await SimulatorHarness.with { h in
            let api = try h.apiClient(.sandbox)
            let bought = try await h.simulator.purchase(
                PurchaseRequest(
                    accountId: SimulatorHarness.customer(.sandbox), bundleId: SimulatorHarness.bundleId, productId: Self.product, seats: 3))
            let group = try #require(bought.transaction.transactionId)
            let price = try #require(bought.transaction.price)
            #expect(bought.transaction.multiSeatInfo?.priceTiers == [MultiSeatPriceTier(tierPrice: price, tierQuantity: 3)])

            let assigned = try await h.simulator.joinGroup(originalTransactionId: group, member: SimulatorHarness.otherCustomer(.sandbox))
            let copy = try #require(h.simulator.transaction(id: assigned)?.payload)
            #expect(copy.inAppOwnershipType == .assigned)
            #expect(copy.multiSeatInfo == bought.transaction.multiSeatInfo)
            #expect(h.simulator.notifications().last?.notificationType == .subscribed)
            let groups = try await api.getCustomerGroups(transactionId: assigned)
            #expect(groups.groups?.map(\.groupType) == [.consumer])
            await #expect(throws: AppStoreAPIError.self, "Apple hosts these invitations: no seat claims") {
                _ = try await api.getSeatInfo(transactionId: group)
            }

            let added = try await h.simulator.addSeats(originalTransactionId: group, count: 2)
            #expect(h.simulator.transaction(id: added)?.payload.quantity == 2)
            #expect(h.simulator.transaction(id: group)?.payload.additionalTransactionReason == .seatAddition)
            #expect(h.simulator.notifications().last?.subtype == .increaseQuantity)

            try await h.simulator.setRenewalQuantity(originalTransactionId: group, seats: 2)
            #expect(h.simulator.notifications().last?.subtype == .decreaseQuantity)
            let statuses = try await api.getAllSubscriptionStatuses(transactionId: group)
            let renewal = try #require(statuses.data?.first?.lastTransactions?.first?.signedRenewalInfo)
            let info = try h.verifier(.sandbox).verifyRenewalInfo(renewal)
            #expect(info.renewalQuantity == 2)

            try await h.simulator.refundSeats(transactionId: group, count: 1)
            let refunded = try #require(h.simulator.transaction(id: group)?.payload)
            #expect(refunded.multiSeatInfo?.revokedSeatQuantity == 1)
            #expect(refunded.revocationDate == nil, "the transaction stays valid for its other seats")
            #expect(h.simulator.notifications().last?.notificationType == .refund)
            #expect(h.simulator.notifications().last?.subtype == .seats)
        }
    }

    @Test("the group and seat endpoints are sandbox only")
    func sandboxOnly() async throws {
        try await SimulatorHarness.with { h in
            let api = try h.apiClient(.production)
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await api.getSeatInfo(transactionId: "2000000000000001") }
            #expect(error?.code == .notFound)
        }
    }

    @Test("History, statuses and refund history accept the customer's app transaction identifier")
    func appTransactionIdentifier() async throws {
        try await SimulatorHarness.with { h in
            let api = try h.apiClient(.sandbox)
            let customer = SimulatorHarness.customer(.sandbox)
            let gems = try await h.buy(DemoCatalog.gems, account: customer)
            _ = try await h.buy(Self.product, account: customer)
            try await h.simulator.refund(transactionId: gems)
            let app = try #require(h.simulator.transaction(id: gems)?.payload.appTransactionId)
            #expect(try await api.getTransactionHistory(transactionId: app).signedTransactions?.count == 2)
            #expect(try await api.getAllSubscriptionStatuses(transactionId: app).data?.count == 1)
            #expect(try await api.getRefundHistory(transactionId: app, revision: nil).signedTransactions?.count == 1)
        }
    }
}
