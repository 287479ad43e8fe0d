import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// The seat routes of group subscriptions with developer-hosted invitations: the purchaser (the
/// path's customer, or the app's backend) seats a member, names the member's app transaction,
/// and releases the seat. Another customer's or another app's group is not found.
extension StorekeeperAPI {
    func seatRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("customers/:customer/seats", use: claimSeat)
        app.post("customers/:customer/seats/:seatClaim/associate", use: associateSeat)
        app.post("customers/:customer/seats/:seatClaim/unclaim", use: unclaimSeat)
    }

    @Sendable package func claimSeat(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, principal, purchaser) = try await customerCall(request, context)
        let body = try await decode(SeatClaimRequest.self, request)
        let seats = services.seats
        let member = try CustomerID(requested: body.memberCustomerId, field: "memberCustomerId", in: services.customerSpace)
        let answer = try await seats.claim(
            try call(seats, purchaser: purchaser, body.originalTransactionId, body.environment, body.reason, principal.actor),
            member: member, requestIdentifier: try SeatService.requestIdentifier(body.requestIdentifier),
            appTransactionId: try SeatService.field(body.appTransactionId, "appTransactionId", limit: 64))
        return try json(answer.body, status: answer.replayed ? .ok : .created)
    }

    @Sendable package func associateSeat(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, principal, purchaser) = try await customerCall(request, context)
        let body = try await decode(SeatChangeRequest.self, request)
        let seats = services.seats
        let appTransactionId = try SeatService.field(body.appTransactionId, "appTransactionId", required: true, limit: 64) ?? ""
        let answer = try await seats.associate(
            try call(seats, purchaser: purchaser, body.originalTransactionId, body.environment, body.reason, principal.actor),
            seatClaimId: try context.seatClaimId, appTransactionId: appTransactionId)
        return try json(answer.body)
    }

    @Sendable package func unclaimSeat(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, principal, purchaser) = try await customerCall(request, context)
        let body = try await decode(SeatChangeRequest.self, request)
        guard body.appTransactionId == nil else { throw StorekeeperError.invalidRequest("appTransactionId is for associate") }
        let seats = services.seats
        let answer = try await seats.unclaim(
            try call(seats, purchaser: purchaser, body.originalTransactionId, body.environment, body.reason, principal.actor),
            seatClaimId: try context.seatClaimId)
        return try json(answer.body)
    }

    private func call(
        _ seats: SeatService, purchaser: CustomerID, _ originalTransactionId: String, _ environment: String?, _ reason: String?,
        _ actor: AuditActor
    ) throws -> SeatService.GroupCall {
        SeatService.GroupCall(
            purchaser: purchaser,
            originalTransactionId: try SeatService.field(originalTransactionId, "originalTransactionId", required: true, limit: 64) ?? "",
            environment: try seats.environment(environment), actor: actor, reason: try SeatService.field(reason, "reason"))
    }
}
