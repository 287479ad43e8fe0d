import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// Search: one box, any identifier the admin API's search accepts. An identifier that names
/// exactly one customer opens that customer's page, unless it is an invoice with a purchase
/// Storekeeper never recorded: then the page shows the line and, to support, the correction that
/// applies it to the order its token names.
extension ConsoleRoutes {
    package struct SearchPage {
        package let query: String
        package let searched: Bool
        package let matches: [Match]
        package let hasMatches: Bool
        package let noMatch: Bool
        package let invoice: InvoiceSection?
    }

    package struct Match {
        package let customer: String
        package let href: String
        package let via: String
    }

    @Sendable package func search(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let query = (request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else {
            return try templates.page(
                "search", SearchPage(query: "", searched: false, matches: [], hasMatches: false, noMatch: false, invoice: nil),
                frame: frame("Search · \(call.appId)", call, .search))
        }
        let response = try await CustomerSearchService(
            store: store, app: call.services.runtime.config, apple: call.services.runtime.apple
        ).search(query)
        let matches = Self.matches(response, call: call)
        let invoice = response.invoice.map { Self.invoiceSection($0, call: call) }
        if matches.count == 1, let only = matches.first, invoice?.hasUnrecorded != true {
            return ConsoleResponse.redirect(to: only.href)
        }
        return try templates.page(
            "search",
            SearchPage(
                query: query, searched: true, matches: matches, hasMatches: !matches.isEmpty,
                noMatch: matches.isEmpty && invoice?.hasLines != true, invoice: invoice),
            frame: frame("Search · \(call.appId)", call, .search))
    }

    /// One row per customer the admin API's search (``CustomerSearchService``: customer and alias
    /// IDs, order IDs, transaction, original transaction and web order line item IDs, and an
    /// invoice's order ID through Apple) found, with what matched.
    package static func matches(_ response: AdminSearchResponse, call: AppCall) -> [Match] {
        var matches: [Match] = []
        for match in response.matches where !matches.contains(where: { $0.customer == match.customerId }) {
            let via = match.kind + (match.environment.map { " (\($0))" } ?? "")
            matches.append(
                Match(customer: match.customerId, href: ConsolePaths.customer(call.appId, match.customerId), via: via))
        }
        return matches
    }
}
