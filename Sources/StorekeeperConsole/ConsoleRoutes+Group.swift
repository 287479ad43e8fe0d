import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
package import StorekeeperApplication
package import StorekeeperHTTP

/// One group subscription (multiseat purchase): its purchaser, seats, members and every seat
/// claim with its state, from the admin API's ``GroupService`` (`GET …/groups/{id}`); linked
/// from the customer page of its purchaser and of its members.
extension ConsoleRoutes {
    package struct GroupPage {
        package struct Member {
            package let customer: String
            package let href: String
            package let via: String
            package let appTransactionId: String
        }

        package struct Claim {
            package let member: String
            package let href: String
            package let state: String
            package let releasedBy: String
            package let seatClaimId: String
            package let requestIdentifier: String
            package let claimed: String
            package let released: String
            package let reason: String
        }

        package let originalTransactionId: String
        package let environment: String
        package let product: String
        package let purchaser: String
        package let purchaserHref: String
        package let invitations: String
        package let status: String
        package let totalSeats: Int
        package let availableSeats: Int
        package let members: [Member]
        package let noMembers: Bool
        package let membersUnknown: String?
        package let claims: [Claim]
        package let noClaims: Bool
    }

    @Sendable package func groupPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        guard let id = context.parameters.get("originalTransactionId") else { throw StorekeeperError.notFound("There is no such page.") }
        let environment = try request.uri.queryParameters.get("environment").map {
            try AppleSide.environment(String($0), of: call.services.runtime.config)
        }
        let services = call.services
        let group = try await services.groups.group(originalTransactionId: id, environment: environment) { services.owns($0) }
        return try templates.page(
            "group", Self.groupPage(group, app: call.appId), frame: frame("Group \(id) · \(call.appId)", call, .search))
    }

    package static func groupPage(_ group: GroupService.Group, app: String) -> GroupPage {
        let members = group.members.map { member in
            GroupPage.Member(
                customer: member.customerId.rawValue, href: ConsolePaths.customer(app, member.customerId.rawValue), via: member.via,
                appTransactionId: member.appTransactionId ?? "—")
        }
        let claims = group.claims.map { claim in
            GroupPage.Claim(
                member: claim.memberId.rawValue, href: ConsolePaths.customer(app, claim.memberId.rawValue), state: claim.state.rawValue,
                releasedBy: claim.releasedBy.map { $0 == .apple ? "by Apple" : "by the app" } ?? "",
                seatClaimId: claim.seatClaimId?.lowercasedString ?? "—",
                requestIdentifier: claim.requestIdentifier.lowercasedString, claimed: ConsoleFormat.time(claim.claimedAt),
                released: ConsoleFormat.time(claim.releasedAt), reason: claim.reason ?? "")
        }
        return GroupPage(
            originalTransactionId: group.seats.group.originalTransactionId, environment: group.seats.group.environment.rawValue,
            product: group.seats.productId, purchaser: group.purchaser.rawValue,
            purchaserHref: ConsolePaths.customer(app, group.purchaser.rawValue),
            invitations: group.seats.invitationManagement == .developer ? "hosted by the app (seat claims)" : "hosted by Apple",
            status: group.isActive ? "active" : "inactive", totalSeats: group.seats.totalSeats, availableSeats: group.availableSeats,
            members: members, noMembers: members.isEmpty, membersUnknown: group.membersUnknown, claims: claims,
            noClaims: claims.isEmpty)
    }
}
