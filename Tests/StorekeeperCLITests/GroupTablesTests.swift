import Foundation
import StorekeeperAPIModels
import Testing

@testable import storekeeper

/// `storekeeper group show|customer` print a group's seats, members and claims for a terminal,
/// stored text (a claim's reason) neutralised like every other command's.
@Suite struct GroupTablesTests {
    @Test func aGroupShowsItsSeatsMembersAndClaims() throws {
        let group = try JSONDecoder().decode(
            AdminGroup.self,
            from: Data(
                """
                {"environment": "Sandbox", "originalTransactionId": "2000000001", "productId": "pro.team",
                 "purchaserCustomerId": "owner", "invitationManagement": "DEVELOPER", "totalSeats": 4, "availableSeats": 2,
                 "active": true, "members": [{"customerId": "ana", "via": "claim", "appTransactionId": "704"}],
                 "claims": [
                   {"environment": "Sandbox", "originalTransactionId": "2000000001", "requestIdentifier": "r-1",
                    "memberCustomerId": "ana", "seatClaimId": "s-1", "appTransactionId": "704", "state": "claimed",
                    "claimedAt": 1764000000000, "updatedAt": 1764000000000},
                   {"environment": "Sandbox", "originalTransactionId": "2000000001", "requestIdentifier": "r-2",
                    "memberCustomerId": "ben", "seatClaimId": "s-2", "state": "unclaimed", "releasedBy": "apple",
                    "reason": "\\u001b[2Jleft", "claimedAt": 1764000000000, "updatedAt": 1764000001000, "releasedAt": 1764000001000}]}
                """.utf8))
        let output = GroupTables.group(group)
        CustomerTablesTests.expectNeutral(output)
        #expect(output.contains("purchaser: owner"))
        #expect(output.contains("seats: 4 (2 free)"))
        #expect(output.contains("DEVELOPER · active"))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ana") && $0.contains("claim") && $0.contains("704") })
        #expect(lines.contains { $0.hasPrefix("ben") && $0.contains("unclaimed") && $0.contains("apple") && $0.contains("␛[2Jleft") })
    }

    @Test func aCustomerWithoutGroupsSaysSo() {
        #expect(GroupTables.memberships(AdminGroupMemberships(groups: [])) == "no groups\n")
        let output = GroupTables.memberships(
            AdminGroupMemberships(groups: [
                .init(environment: "Sandbox", originalTransactionId: "2000000001", productId: "pro.team", role: "member", state: "claimed")
            ]))
        #expect(output.contains("2000000001") && output.contains("member") && output.contains("claimed"))
    }
}
