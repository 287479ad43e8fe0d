import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
package import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// The customer's timeline in the console: the admin API's ``TimelineService`` (every Apple fact
/// decoded — notifications with type and subtype, transactions, renewal info — every state change
/// and operator action), newest first, paged, filtered by kind, each Apple fact's signed data one
/// link away (``timelineRawPage(_:context:)``).
extension ConsoleRoutes {
    package struct TimelineSection {
        package struct Kind {
            package let value: String
            package let label: String
            package let checked: Bool
        }

        package struct Row {
            package let id: String
            package let time: String
            package let kind: String
            package let title: String
            package let actor: String?
            package let reason: String?
            package let facts: [String]
            package let rawHref: String?
        }

        package let rows: [Row]
        package let empty: Bool
        package let kinds: [Kind]
        package let filterHref: String
        package let nextHref: String?
    }

    package struct TimelineRawPage {
        package let customer: String
        package let customerHref: String
        package let entry: String
        package let format: String
        package let origin: String
        package let notificationId: String?
        package let raw: String
        package let payload: String?
    }

    /// How many entries one page of the console's timeline shows.
    package static let timelinePageSize = 100

    package static let timelineKindLabels: [(TimelineKind, String)] = [
        (.notification, "Apple notifications"), (.transaction, "Transactions"), (.renewalInfo, "Renewal info"),
        (.change, "State changes"), (.operatorAction, "Operator actions"),
    ]

    /// One page of the customer's timeline, as the query (`kind`, repeated; `before`) asks.
    package func timelineSection(
        _ call: AppCall, _ customerId: CustomerID, request: Request
    ) async throws -> TimelineSection {
        let query = request.uri.queryParameters
        let chosen = Set(query[values: "kind"].compactMap { name in TimelineKind.allCases.first { $0.rawValue == name } })
        let kinds = chosen.isEmpty ? Set(TimelineKind.allCases) : chosen
        let before = try query.get("before").map { cursor in
            guard let position = TimelinePosition(cursor: cursor) else {
                throw StorekeeperError.invalidRequest("before must be a previous page's cursor")
            }
            return position
        }
        let service = TimelineService(store: store, app: call.services.runtime.config, apple: call.services.runtime.apple)
        let page = try await service.page(customerId, kinds: kinds, before: before, limit: Self.timelinePageSize)
        let base = ConsolePaths.customer(call.appId, customerId.rawValue)
        let kindQuery = chosen.isEmpty ? "" : kinds.map { "&kind=" + $0.rawValue }.sorted().joined()
        return TimelineSection(
            rows: page.entries.map { Self.timelineRow($0, base: base) }, empty: page.entries.isEmpty,
            kinds: Self.timelineKindLabels.map { .init(value: $0.0.rawValue, label: $0.1, checked: chosen.contains($0.0)) },
            filterHref: base, nextHref: page.nextCursor.map { base + "?before=" + ConsolePaths.query($0) + kindQuery + "#h-timeline" })
    }

    package static func timelineRow(_ entry: AdminTimelineEntry, base: String) -> TimelineSection.Row {
        let rawHref = entry.hasRaw ? base + "/timeline/" + ConsolePaths.escape(entry.id) + "/raw" : nil
        var title = entry.kind
        var facts: [String] = []
        var actor: String?
        var reason: String?
        if let n = entry.notification {
            title = "Notification " + [n.notificationType ?? "(V1)", n.subtype].compactMap { $0 }.joined(separator: " / ")
            facts = [
                "Status: \(n.status)" + (n.attempts > 1 ? " after \(n.attempts) attempts" : ""),
                "Apple signed it: \(ConsoleFormat.time(milliseconds: n.signedDate))",
                "Received: \(ConsoleFormat.time(milliseconds: n.receivedAt))",
            ]
            if let error = n.lastError { facts.append("Last error: \(error)") }
        } else if let t = entry.transaction {
            title = "Transaction \(t.transactionId) · \(t.productId)"
            facts = [
                "Original transaction: \(t.originalTransactionId) (\(t.environment))",
                "Purchased: \(ConsoleFormat.time(milliseconds: t.purchaseDate))"
                    + (t.expiresDate.map { ", expires \(ConsoleFormat.time(milliseconds: $0))" } ?? ""),
                "Price: \(ConsoleFormat.milliunits(t.price, t.currency)) × \(t.quantity)"
                    + (t.storefront.map { ", storefront \($0)" } ?? ""),
            ]
            if let offer = t.offerType { facts.append("Offer type \(offer)" + (t.offerIdentifier.map { " (\($0))" } ?? "")) }
            if t.isUpgraded { facts.append("Upgraded: replaced by a higher-level subscription") }
            if let revoked = t.revocationDate {
                facts.append("Revoked: \(ConsoleFormat.time(milliseconds: revoked))" + (t.revocationReason.map { ", reason \($0)" } ?? ""))
            }
        } else if let info = entry.renewalInfo {
            title = "Renewal info · \(info.productId ?? info.originalTransactionId)"
            facts = [
                "Auto-renew: \(info.autoRenewEnabled ? "on" : "off")" + (info.autoRenewProductId.map { ", renews into \($0)" } ?? ""),
                "Apple signed it: \(ConsoleFormat.time(milliseconds: info.signedDate))",
            ]
            if let intent = info.expirationIntent { facts.append("Expiration intent: \(intent)") }
            if info.isInBillingRetryPeriod { facts.append("In billing retry") }
            if let grace = info.gracePeriodExpiresDate { facts.append("Grace period until \(ConsoleFormat.time(milliseconds: grace))") }
            if let renewal = info.renewalDate {
                facts.append(
                    "Next renewal: \(ConsoleFormat.time(milliseconds: renewal))"
                        + (info.renewalPrice.map { " at \(ConsoleFormat.milliunits($0, info.currency))" } ?? ""))
            }
        } else if let event = entry.event {
            title = event.kind
            actor = event.actor
            reason = event.reason
            if let fact = event.fact { facts.append("Apple fact: \(fact)") }
            if let subject = event.subject { facts.append("Subject: \(subject)") }
            if let details = details(event.details) { facts.append(details) }
        }
        return TimelineSection.Row(
            id: entry.id, time: ConsoleFormat.time(milliseconds: entry.at), kind: entry.kind, title: title, actor: actor, reason: reason,
            facts: facts, rawHref: rawHref)
    }

    /// `…/customers/{customer}/timeline/{entry}/raw`: the signed data behind an Apple fact, as
    /// received (or asked from Apple now), with a JWS's payload decoded for reading.
    @Sendable package func timelineRawPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let customerId = try context.customer(in: call.services.customerSpace)
        let entry = try context.timelineEntry
        let service = TimelineService(store: store, app: call.services.runtime.config, apple: call.services.runtime.apple)
        let found = try await service.raw(customerId, entryId: entry)
        let payload = found.format == "notificationBody" ? nil : TimelineService.jwsPayload(found.raw).flatMap(Self.prettyJSON)
        let page = TimelineRawPage(
            customer: customerId.rawValue, customerHref: ConsolePaths.customer(call.appId, customerId.rawValue), entry: entry,
            format: found.format, origin: found.origin == "inbox" ? "as received in a notification" : "asked from Apple now",
            notificationId: found.notificationId, raw: found.raw, payload: payload)
        return try templates.page("timeline-raw", page, frame: frame("\(entry) · \(call.appId)", call, .search))
    }

    package static func prettyJSON(_ object: [String: Any]) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
