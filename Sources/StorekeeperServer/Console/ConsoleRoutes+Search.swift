import AppStoreModels
import Foundation
import Hummingbird
import Storekeeper

/// Search: one box, any identifier the admin API's search accepts. An identifier that names
/// exactly one customer opens that customer's page.
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
        let matches = try await find(query, call: call)
        if matches.count == 1, let only = matches.first { return ConsoleResponse.redirect(to: only.href) }
        return try templates.page(
            "search", SearchPage(query: query, searched: true, matches: matches, hasMatches: !matches.isEmpty, noMatch: matches.isEmpty),
            frame: frame("Search · \(call.appId)", call, .search))
    }

    /// The customers `query` identifies, through the admin API's search (``CustomerSearchService``:
    /// customer and alias IDs, order IDs, transaction, original transaction and web order line
    /// item IDs, and an invoice's order ID through Apple): one row per customer, with what matched.
    func find(_ query: String, call: AppCall) async throws -> [Match] {
        let service = CustomerSearchService(
            store: store, app: call.services.runtime.config, apple: call.services.runtime.apple)
        var matches: [Match] = []
        for match in try await service.search(query).matches where !matches.contains(where: { $0.customer == match.customerId.rawValue }) {
            let via = match.kind.rawValue + (match.environment.map { " (\($0.rawValue))" } ?? "")
            matches.append(
                Match(
                    customer: match.customerId.rawValue, href: ConsolePaths.customer(call.appId, match.customerId.rawValue), via: via))
        }
        return matches
    }
}
