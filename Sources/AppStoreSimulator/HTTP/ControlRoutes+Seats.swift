import Foundation
import Hummingbird

/// The control API of multiseat (group) subscriptions; a seat purchase is `POST /purchases` with
/// `seats` (and `invitationManagement`).
extension ControlRoutes {
    private struct MemberBody: Decodable { var memberAccountId: String }
    private struct CountBody: Decodable { var count: Int32 }
    private struct SeatsBody: Decodable { var seats: Int32 }
    private struct ClaimsBody: Decodable { var seatClaimIds: [UUID]? }

    func registerSeats(on control: RouterGroup<Context>) {
        control.post("subscriptions/:originalTransactionId/members") { request, context in
            await run {
                let body = try await decode(MemberBody.self, request)
                let id = try await simulator.joinGroup(
                    originalTransactionId: try parameter("originalTransactionId", context), member: body.memberAccountId)
                return HTTPSupport.json(["transactionId": id])
            }
        }
        control.post("subscriptions/:originalTransactionId/seats") { request, context in
            await run {
                let body = try await decode(CountBody.self, request)
                let id = try await simulator.addSeats(
                    originalTransactionId: try parameter("originalTransactionId", context), count: body.count)
                return HTTPSupport.json(["transactionId": id])
            }
        }
        control.post("subscriptions/:originalTransactionId/renewal-seats") { request, context in
            await run {
                let body = try await decode(SeatsBody.self, request)
                try await simulator.setRenewalQuantity(
                    originalTransactionId: try parameter("originalTransactionId", context), seats: body.seats)
                return HTTPSupport.json(["ok": true])
            }
        }
        control.post("transactions/:transactionId/seat-refund") { request, context in
            await run {
                let body = try await decode(CountBody.self, request)
                try await simulator.refundSeats(transactionId: try parameter("transactionId", context), count: body.count)
                return HTTPSupport.json(["ok": true])
            }
        }
        control.post("subscriptions/:originalTransactionId/unclaim-seats") { request, context in
            await run {
                let body = try await decode(ClaimsBody.self, request)
                let released = try await simulator.unclaimSeats(
                    originalTransactionId: try parameter("originalTransactionId", context), seatClaimIds: body.seatClaimIds)
                return HTTPSupport.json(["seatClaimIds": released.map { $0.lowercasedString }])
            }
        }
    }
}
