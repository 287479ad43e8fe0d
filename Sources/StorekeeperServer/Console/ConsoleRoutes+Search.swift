import AppStoreModels
import Foundation
import Hummingbird
import Storekeeper

/// Search: one box. An identifier that names exactly one customer opens that customer's page.
extension ConsoleRoutes {
    struct SearchPage {
        let query: String
        let searched: Bool
        let matches: [Match]
        let hasMatches: Bool
        let noMatch: Bool
    }

    struct Match {
        let customer: String
        let href: String
        let via: String
    }

    @Sendable func search(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let query = (request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else {
            return try templates.page(
                "search", SearchPage(query: "", searched: false, matches: [], hasMatches: false, noMatch: false),
                frame: frame("Search · \(call.appId)", call, .search))
        }
        guard query.utf8.count <= 256 else { throw StorekeeperError.invalidRequest("an identifier is at most 256 characters") }
        let matches = try await find(query, app: call.appId)
        if matches.count == 1, let only = matches.first { return ConsoleResponse.redirect(to: only.href) }
        return try templates.page(
            "search", SearchPage(query: query, searched: true, matches: matches, hasMatches: !matches.isEmpty, noMatch: matches.isEmpty),
            frame: frame("Search · \(call.appId)", call, .search))
    }

    /// The customers `query` identifies: a customer ID, an order ID, or a transaction ID in any
    /// environment.
    func find(_ query: String, app: String) async throws -> [Match] {
        let environments: [AppStoreEnvironment] = [.production, .sandbox, .xcode, .localTesting]
        return try await store.read { tx in
            var matches: [Match] = []
            func add(_ customer: CustomerID, via: String) {
                guard !matches.contains(where: { $0.customer == customer.rawValue }) else { return }
                matches.append(Match(customer: customer.rawValue, href: ConsolePaths.customer(app, customer.rawValue), via: via))
            }
            if let id = CustomerID(rawValue: query), try await tx.customer(id) != nil { add(id, via: "customer ID") }
            if let orderId = UUID(uuidString: query), let order = try await tx.order(id: orderId) {
                add(order.customerId, via: "order ID")
            }
            for environment in environments {
                if let stored = try await tx.transaction(environment: environment, transactionId: query) {
                    add(stored.customerId, via: "transaction ID (\(environment.rawValue))")
                }
            }
            return matches
        }
    }
}
