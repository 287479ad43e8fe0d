package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperAPIModels

// How the seat ledger's wire models meet the domain.

extension SeatClaimBody {
    package init(_ claim: SeatClaim) {
        self.init(
            environment: claim.group.environment.rawValue, originalTransactionId: claim.group.originalTransactionId,
            requestIdentifier: claim.requestIdentifier.lowercasedString, memberCustomerId: claim.memberId.rawValue,
            seatClaimId: claim.seatClaimId?.lowercasedString, appTransactionId: claim.appTransactionId,
            state: claim.state.rawValue, releasedBy: claim.releasedBy?.rawValue, reason: claim.reason,
            claimedAt: claim.claimedAt.millisecondsSince1970, updatedAt: claim.updatedAt.millisecondsSince1970,
            releasedAt: claim.releasedAt?.millisecondsSince1970)
    }
}

extension SeatService.Answer {
    package var body: SeatClaimResponse { SeatClaimResponse(claim: SeatClaimBody(claim), replayed: replayed) }
}

extension SeatService {
    /// A request's `environment` field: one of the app's environments, when given.
    package func environment(_ name: String?) throws -> AppStoreEnvironment? {
        guard let name else { return nil }
        let environment = AppStoreEnvironment(rawValue: name)
        guard recorder.app.environments.contains(environment) else {
            throw StorekeeperError.invalidRequest("environment must be one the app serves")
        }
        return environment
    }

    /// A request's text field that must be present and short: an identifier or a reason.
    package static func field(_ text: String?, _ name: String, required: Bool = false, limit: Int = 500) throws -> String? {
        guard let text, !text.isEmpty else {
            if required { throw StorekeeperError.invalidRequest("\(name) is required") }
            return nil
        }
        guard text.count <= limit else { throw StorekeeperError.invalidRequest("\(name) must be at most \(limit) characters") }
        return text
    }

    /// `requestIdentifier`: a UUID.
    package static func requestIdentifier(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw StorekeeperError.invalidRequest("requestIdentifier must be a UUID") }
        return id
    }
}

extension AdminGroup {
    package init(_ group: GroupService.Group) {
        self.init(
            environment: group.seats.group.environment.rawValue, originalTransactionId: group.seats.group.originalTransactionId,
            productId: group.seats.productId, purchaserCustomerId: group.purchaser.rawValue,
            invitationManagement: group.seats.invitationManagement.rawValue, totalSeats: group.seats.totalSeats,
            availableSeats: group.availableSeats, active: group.isActive,
            members: group.members.map {
                AdminGroupMember(customerId: $0.customerId.rawValue, via: $0.via, appTransactionId: $0.appTransactionId)
            },
            claims: group.claims.map(SeatClaimBody.init), membersUnknown: group.membersUnknown)
    }
}

extension AdminGroupMemberships {
    package init(_ memberships: [GroupService.Membership]) {
        self.init(
            groups: memberships.map {
                Membership(
                    environment: $0.group.environment.rawValue, originalTransactionId: $0.group.originalTransactionId,
                    productId: $0.productId, role: $0.role, state: $0.state)
            })
    }
}
