import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperApplication
package import StorekeeperHTTP

/// The app's audit log (admin role): who did what, when and why, newest first, filtered by
/// operator or kind, 50 events a page.
extension ConsoleRoutes {
    package struct AuditPage {
        package struct Event {
            package let time: String
            package let actor: String
            package let kind: String
            package let customer: String?
            package let customerHref: String?
            package let subject: String?
            package let reason: String?
            package let details: String?
        }

        package let events: [Event]
        package let operatorFilter: String
        package let kindFilter: String
        package let nextHref: String?
        package let empty: Bool
    }

    package static let auditPageSize = 50

    @Sendable package func auditPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context, role: .admin)
        let query = request.uri.queryParameters
        let operatorFilter = query.get("operator").map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let kindFilter = query.get("kind").map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let before = try query.get("before").map { text -> UUID in
            guard let id = UUID(uuidString: text) else { throw StorekeeperError.invalidRequest("before must be an event id") }
            return id
        }
        let actor = operatorFilter.isEmpty ? nil : AuditActor.operator(operatorFilter)
        let events = try await store.read {
            try await $0.auditEvents(
                appId: call.appId, actor: actor, kind: kindFilter.isEmpty ? nil : kindFilter, before: before,
                limit: Self.auditPageSize)
        }
        let rows = events.map { $0.shown(to: call.account) }.map { event in
            AuditPage.Event(
                time: ConsoleFormat.time(event.createdAt), actor: event.actor.rawValue, kind: event.kind,
                customer: event.customerId?.rawValue,
                customerHref: event.customerId.map { ConsolePaths.customer(call.appId, $0.rawValue) }, subject: event.subject,
                reason: event.reason, details: Self.details(event.details))
        }
        var nextHref: String?
        if events.count == Self.auditPageSize, let last = events.last {
            var parts = ["before=" + last.id.lowercasedString]
            if !operatorFilter.isEmpty { parts.append("operator=" + ConsolePaths.query(operatorFilter)) }
            if !kindFilter.isEmpty { parts.append("kind=" + ConsolePaths.query(kindFilter)) }
            nextHref = ConsolePaths.app(call.appId, .audit) + "?" + parts.joined(separator: "&")
        }
        return try templates.page(
            "audit",
            AuditPage(
                events: rows, operatorFilter: operatorFilter, kindFilter: kindFilter, nextHref: nextHref, empty: rows.isEmpty),
            frame: frame("Audit log · \(call.appId)", call, .audit))
    }

    /// `key=value, key=value`, sorted by key; `nil` when there are none.
    package static func details(_ details: [String: String]) -> String? {
        details.isEmpty ? nil : details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
