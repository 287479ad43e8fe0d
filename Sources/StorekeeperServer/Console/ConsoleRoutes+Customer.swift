import AppStoreModels
import Foundation
import Hummingbird
import Storekeeper

/// One customer: entitlements, subscriptions, wallet, purchases, and the timeline of what
/// happened to them (newest first), each event with who caused it and the Apple fact behind it.
extension ConsoleRoutes {
    struct CustomerPage {
        struct Entitlement {
            let id: String
            let state: String
            let isActive: Bool
            let expires: String
            let product: String
            let source: String
        }

        struct Subscription {
            let product: String
            let phase: String
            let expires: String
            let originalTransactionId: String
            let environment: String
        }

        struct Balance {
            let currency: String
            let amount: Int64
        }

        struct Purchase {
            let transactionId: String
            let product: String
            let quantity: Int
            let purchased: String
            let expires: String
            let state: String
            let price: String
        }

        struct Event {
            let time: String
            let kind: String
            let actor: String
            let fact: String?
            let subject: String?
            let reason: String?
            let details: String?
        }

        /// An operator's grant still in force, with its early-revocation form.
        struct OperatorGrantRow {
            let entitlement: String
            let until: String
            let grantedBy: String
            let reason: String
            let revokeHref: String
            let revokeKey: String
        }

        /// The action forms (support role and above): the session's CSRF token and a fresh
        /// idempotency key per form.
        struct Actions {
            let csrf: String
            let grantHref: String
            let grantKey: String
            let entitlements: [String]
            let adjustHref: String
            let adjustKey: String
        }

        let customer: String
        let created: String
        let notice: String?
        let actions: Actions?
        let operatorGrants: [OperatorGrantRow]
        let entitlements: [Entitlement]
        let subscriptions: [Subscription]
        let balances: [Balance]
        let purchases: [Purchase]
        let timeline: [Event]
        let noEntitlements: Bool
        let noSubscriptions: Bool
        let noBalances: Bool
        let noPurchases: Bool
    }

    static let timelineLimit = 200

    @Sendable func customerPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let customerId = try Self.customerParameter(context)
        let now = now()
        // One snapshot for the whole page: the record and its timeline agree.
        let (view, events, grants) = try await store.read { tx in
            guard try await tx.customer(customerId) != nil else {
                throw StorekeeperError.notFound("no customer \(customerId.rawValue)")
            }
            return (
                try await CustomerService.view(customerId, now: now, in: tx),
                try await tx.auditEvents(customerId: customerId, limit: Self.timelineLimit),
                try await tx.operatorGrants(customerId: customerId)
            )
        }
        let mayAct = call.account.may(.support, app: call.appId)
        let base = ConsolePaths.customer(call.appId, customerId.rawValue)
        let actions =
            mayAct
            ? CustomerPage.Actions(
                csrf: call.signedIn.session.csrfToken, grantHref: base + "/grant", grantKey: ConsoleSessions.randomToken(),
                entitlements: Set(call.services.runtime.config.catalog.products.flatMap(\.entitlements)).sorted(),
                adjustHref: base + "/wallet/adjust", adjustKey: ConsoleSessions.randomToken()) : nil
        let rows = grants.filter { $0.appId == call.appId && $0.revokedAt == nil && $0.expiresAt > now }.map { grant in
            CustomerPage.OperatorGrantRow(
                entitlement: grant.entitlement, until: ConsoleFormat.time(grant.expiresAt), grantedBy: grant.operatorName,
                reason: grant.reason, revokeHref: base + "/grants/\(grant.id.uuidString.lowercased())/revoke",
                revokeKey: ConsoleSessions.randomToken())
        }
        let notice = Self.notice(request.uri.queryParameters.get("done"), replayed: request.uri.queryParameters.get("replayed") == "1")
        let page = Self.customerPage(view, events: events, notice: notice, actions: actions, operatorGrants: mayAct ? rows : [])
        return try templates.page("customer", page, frame: frame("\(customerId.rawValue) · \(call.appId)", call, .search))
    }

    /// What the page says after an action brought the browser back to it.
    static func notice(_ done: String?, replayed: Bool) -> String? {
        let text: String? =
            switch done {
            case "grant": "✓ Entitlement granted."
            case "revoke": "✓ Grant revoked."
            case "adjust": "✓ Wallet adjusted."
            default: nil
            }
        return text.map { replayed ? $0 + " (This form had already been sent: nothing was done again.)" : $0 }
    }

    static func customerPage(
        _ view: CustomerView, events: [AuditEvent], notice: String? = nil, actions: CustomerPage.Actions? = nil,
        operatorGrants: [CustomerPage.OperatorGrantRow] = []
    ) -> CustomerPage {
        let entitlements = view.entitlements.map { item in
            CustomerPage.Entitlement(
                id: item.id, state: item.isActive ? "active" : "inactive", isActive: item.isActive,
                expires: item.expiresAt.map { ConsoleFormat.time($0) } ?? "never", product: item.productId, source: item.source)
        }
        let subscriptions = view.subscriptions.map { item in
            CustomerPage.Subscription(
                product: item.productId, phase: item.phase, expires: ConsoleFormat.time(item.expiresAt),
                originalTransactionId: item.originalTransactionId, environment: item.environment.rawValue)
        }
        let balances = view.balances.sorted { $0.key < $1.key }.map { CustomerPage.Balance(currency: $0.key, amount: $0.value) }
        let purchases = view.purchases.map { item in
            CustomerPage.Purchase(
                transactionId: item.transactionId, product: item.productId, quantity: item.quantity,
                purchased: ConsoleFormat.time(item.purchaseDate), expires: ConsoleFormat.time(item.expiresDate),
                state: item.revocationDate != nil ? "revoked" : (item.isUpgraded ? "upgraded" : "valid"),
                price: ConsoleFormat.milliunits(item.price, item.currency))
        }
        let timeline = events.map { event in
            CustomerPage.Event(
                time: ConsoleFormat.time(event.createdAt), kind: event.kind, actor: event.actor.rawValue, fact: event.fact,
                subject: event.subject, reason: event.reason, details: details(event.details))
        }
        return CustomerPage(
            customer: view.customerId.rawValue, created: ConsoleFormat.time(view.createdAt), notice: notice, actions: actions,
            operatorGrants: operatorGrants, entitlements: entitlements,
            subscriptions: subscriptions, balances: balances, purchases: purchases, timeline: timeline,
            noEntitlements: entitlements.isEmpty, noSubscriptions: subscriptions.isEmpty, noBalances: balances.isEmpty,
            noPurchases: purchases.isEmpty)
    }

    /// The path's customer ID (percent-decoded: `guest%3Aipad` is `guest:ipad`).
    static func customerParameter(_ context: StorekeeperRequestContext) throws -> CustomerID {
        guard let raw = context.parameters.get("customer"),
            let decoded = raw.utf8.contains(UInt8(ascii: "%")) ? raw.removingPercentEncoding : raw,
            let id = CustomerID(rawValue: decoded)
        else {
            throw StorekeeperError.invalidRequest("customer id must be 1–128 characters of letters, digits and ._:@-")
        }
        return id
    }
}
