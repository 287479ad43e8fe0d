import AppStoreModels
import Foundation
import Hummingbird

/// The group and seat endpoints (App Store Server API 1.22 and 1.23). Apple serves them in the
/// sandbox only: in production the simulator answers as for a path it does not know (404).
extension ServerAPIRoutes {
    func registerGroupEndpoints(on group: RouterGroup<Context>) {
        serveSandbox(.getCustomerGroups, on: group) { (request, context, bundleId) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransactionOrApp: context.parameters.get("transactionId") ?? "", bundleId: bundleId, environment: environment)
                return HTTPSupport.json(engine.customerGroups(of: customer))
            }
        }
        serveSandbox(.getGroupMembers, on: group) { (request, context, bundleId) throws(APIRequestError) -> Response in
            let query = HTTPSupport.queryItems(of: request)
            let limitText = query.first { $0.name == "limit" }?.value
            let limit = try limitText.map { (text) throws(APIRequestError) in
                guard let value = Int(text) else {
                    throw APIRequestError(.generalBadRequest, reason: "Invalid request. The limit is invalid.")
                }
                return value
            }
            let token = query.first { $0.name == "paginationToken" }?.value
            return try simulator.apiCall { (engine, _) throws(APIRequestError) in
                HTTPSupport.json(
                    try engine.groupMembers(
                        groupId: context.parameters.get("groupId") ?? "", bundleId: bundleId, environment: environment, limit: limit,
                        paginationToken: token))
            }
        }
        serveSandbox(.getSeatInfo, on: group) { (request, context, bundleId) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransaction: context.parameters.get("transactionId") ?? "", bundleId: bundleId, environment: environment)
                return HTTPSupport.json(try engine.seatInfo(of: customer))
            }
        }
        serveSandbox(.claimSeat, on: group) { (request, context, bundleId) throws(APIRequestError) -> Response in
            let body = try await decodeBody(ClaimSeatRequest.self, request)
            return try simulator.apiCall { (engine, _) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransaction: context.parameters.get("transactionId") ?? "", bundleId: bundleId, environment: environment)
                return HTTPSupport.json(try engine.claimSeat(of: customer, body))
            }
        }
        serveSandbox(.unclaimSeat, on: group) { (request, context, bundleId) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransaction: context.parameters.get("transactionId") ?? "", bundleId: bundleId, environment: environment)
                try engine.unclaimSeat(of: customer, seatClaimId: context.parameters.get("seatClaimId") ?? "")
            }
            return HTTPSupport.empty(.ok)
        }
        serveSandbox(.associateSeat, on: group) { (request, context, bundleId) throws(APIRequestError) -> Response in
            let body = try await decodeBody(AssociateSeatRequest.self, request)
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransaction: context.parameters.get("transactionId") ?? "", bundleId: bundleId, environment: environment)
                try engine.associateSeat(of: customer, seatClaimId: context.parameters.get("seatClaimId") ?? "", body)
            }
            return HTTPSupport.empty(.ok)
        }
    }

    /// ``serve(_:on:_:)`` for an endpoint Apple offers in the sandbox only.
    private func serveSandbox(
        _ endpoint: AppStoreServerEndpoint, on group: RouterGroup<Context>,
        _ body: @escaping @Sendable (Request, Context, String) async throws(APIRequestError) -> Response
    ) {
        serve(endpoint, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            guard environment == .sandbox else { return HTTPSupport.text("Not Found\n", status: .notFound) }
            return try await body(request, context, bundleId)
        }
    }
}
