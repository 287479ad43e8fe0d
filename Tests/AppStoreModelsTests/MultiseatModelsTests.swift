import AppStoreModels
import Foundation
import Testing

/// The multiseat (group) subscription objects of App Store Server API 1.22/1.23 and App Store
/// Server Notifications 2.23, decoded from JSON written with Apple's documented field names and
/// types, and kept when a value is one Apple adds later.
@Suite("Multiseat subscriptions and groups (API 1.22, 1.23; notifications 2.23)")
struct MultiseatModelsTests {
    @Test("A group purchaser's transaction: seats, tiers, invitation model, seats refunded, seat addition")
    func purchaserTransaction() throws {
        let payload = try JSON.decode(
            JWSTransactionDecodedPayload.self,
            """
            {"transactionId":"2000000000000101","originalTransactionId":"2000000000000100","quantity":8,
             "price":9240,"currency":"USD","inAppOwnershipType":"PURCHASED","appTransactionId":"704289572311614578",
             "additionalTransactionReason":"SEAT_ADDITION",
             "multiSeatInfo":{"invitationManagement":"APPLE","revokedSeatQuantity":2,
               "priceTiers":[{"tierPrice":7990,"tierQuantity":3},{"tierPrice":9990,"tierQuantity":5}]}}
            """)
        let seats = try #require(payload.multiSeatInfo)
        #expect(payload.quantity == 8)
        #expect(payload.additionalTransactionReason == .seatAddition)
        #expect(seats.invitationManagement == .apple)
        #expect(seats.revokedSeatQuantity == 2)
        #expect(
            seats.priceTiers == [
                MultiSeatPriceTier(tierPrice: 7990, tierQuantity: 3), MultiSeatPriceTier(tierPrice: 9990, tierQuantity: 5),
            ])
        #expect(try JSON.roundTrip(payload) == payload)
    }

    @Test("A member's assigned transaction carries the purchaser's seat information")
    func assignedTransaction() throws {
        let payload = try JSON.decode(
            JWSTransactionDecodedPayload.self,
            """
            {"transactionId":"2000000000000102","inAppOwnershipType":"ASSIGNED","quantity":5,
             "multiSeatInfo":{"invitationManagement":"DEVELOPER","priceTiers":[{"tierPrice":9990,"tierQuantity":5}]}}
            """)
        #expect(payload.inAppOwnershipType == .assigned)
        #expect(payload.inAppOwnershipType?.isKnown == true)
        #expect(payload.multiSeatInfo?.invitationManagement == .developer)
    }

    @Test("Renewal information: the seats and tiers of the next renewal")
    func renewalInfo() throws {
        let info = try JSON.decode(
            JWSRenewalInfoDecodedPayload.self,
            """
            {"originalTransactionId":"2000000000000100","renewalPrice":9990,"renewalQuantity":4,
             "multiSeatInfo":{"renewalPriceTiers":[{"tierPrice":9990,"tierQuantity":4}]}}
            """)
        #expect(info.renewalQuantity == 4)
        #expect(info.multiSeatInfo?.renewalPriceTiers == [MultiSeatPriceTier(tierPrice: 9990, tierQuantity: 4)])
    }

    @Test("UNCLAIM_SEATS carries unclaimInfo; the seat subtypes are known")
    func unclaimSeats() throws {
        let payload = try JSON.decode(
            ResponseBodyV2DecodedPayload.self,
            """
            {"notificationType":"UNCLAIM_SEATS","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0",
             "signedDate":1780000000000,
             "unclaimInfo":{"unclaimSeatIds":["1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10","9f7a1e42-0c55-4a4d-8e2e-5b6c7d8e9f00"]}}
            """)
        #expect(payload.notificationType == .unclaimSeats)
        #expect(
            payload.unclaimInfo?.unclaimSeatIds?.map { $0.uuidString.lowercased() } == [
                "1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10", "9f7a1e42-0c55-4a4d-8e2e-5b6c7d8e9f00",
            ])
        for subtype in ["SEATS", "INCREASE_QUANTITY", "DECREASE_QUANTITY"] {
            #expect(NotificationSubtype(rawValue: subtype).isKnown)
        }
    }

    @Test("Seat endpoints: Get Seat Info, Claim Seat, Associate Seat bodies")
    func seatBodies() throws {
        let info = try JSON.decode(
            SeatInfoResponse.self,
            """
            {"totalSeatCount":5,"availableSeatCount":2,"assignedSeatClaimIds":["1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10"]}
            """)
        #expect(info.totalSeatCount == 5)
        #expect(info.availableSeatCount == 2)
        #expect(info.assignedSeatClaimIds?.count == 1)
        let claim = try JSON.decode(
            ClaimSeatRequest.self,
            #"{"requestIdentifier":"6e4a3d0c-2b1a-4f5e-8d7c-9b0a1c2d3e4f","appTransactionId":"704289572311614578"}"#)
        #expect(claim.appTransactionId == "704289572311614578")
        #expect(try JSON.roundTrip(claim) == claim)
        let claimed = try JSON.decode(ClaimSeatResponse.self, #"{"seatClaimId":"1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10"}"#)
        #expect(claimed.seatClaimId != nil)
        #expect(try JSON.decode(AssociateSeatRequest.self, #"{"appTransactionId":"7"}"#).appTransactionId == "7")
    }

    @Test("Group endpoints: Get Customer Groups and Get Group Members; unknown group types and roles are kept")
    func groups() throws {
        let groups = try JSON.decode(
            CustomerGroupsResponse.self,
            """
            {"groups":[{"groupId":"g-1","groupType":"ORGANIZATION","roles":[{"productId":"pro.monthly","role":"ADMIN"},
             {"productId":"pro.yearly","role":"NONE"}]},{"groupId":"g-2","groupType":"CONSUMER"},
             {"groupId":"g-3","groupType":"FAMILY_OFFICE","roles":[{"productId":"pro.monthly","role":"OWNER"}]}]}
            """)
        let entries = try #require(groups.groups)
        #expect(entries.map(\.groupType) == [.organization, .consumer, GroupType(rawValue: "FAMILY_OFFICE")])
        #expect(entries[0].roles?.map(\.role) == [.admin, .noRole])
        #expect(entries[2].roles?.first?.role?.isKnown == false)
        #expect(entries[2].roles?.first?.role?.rawValue == "OWNER")
        let members = try JSON.decode(
            GroupMembersResponse.self,
            #"{"members":[{"appTransactionId":"1"},{"appTransactionId":"2"}],"hasMore":true,"paginationToken":"2"}"#)
        #expect(members.members?.compactMap(\.appTransactionId) == ["1", "2"])
        #expect(members.hasMore == true)
        #expect(members.paginationToken == "2")
    }

    @Test("The group and seat endpoints: paths, methods, sandbox budgets")
    func endpoints() {
        #expect(AppStoreServerEndpoint.getCustomerGroups.path(["7"]) == "/groups/v1/currentGroups/7")
        #expect(AppStoreServerEndpoint.getGroupMembers.path(["g"]) == "/groups/v1/group/g")
        #expect(AppStoreServerEndpoint.getSeatInfo.method == "GET")
        #expect(AppStoreServerEndpoint.claimSeat.method == "POST")
        #expect(AppStoreServerEndpoint.claimSeat.path(["1"]) == "/groups/v1/transactions/1/seats")
        #expect(AppStoreServerEndpoint.unclaimSeat.method == "DELETE")
        #expect(AppStoreServerEndpoint.unclaimSeat.path(["1", "c"]) == "/groups/v1/transactions/1/seats/c")
        #expect(AppStoreServerEndpoint.claimSeat.isIdempotent)
    }
}
