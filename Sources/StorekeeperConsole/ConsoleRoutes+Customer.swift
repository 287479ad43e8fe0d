import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// One customer: entitlements, subscriptions, wallet, purchases, and the timeline of what
/// happened to them (newest first), each event with who caused it and the Apple fact behind it.
extension ConsoleRoutes {
    /// The most orders the page lists (the newest).
    package static let orderLimit = 20

    @Sendable package func customerPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let customerId = try context.customer(in: call.services.customerSpace)
        let now = now()
        let (view, orders, grants, appleAccounts) = try await store.read { tx in
            guard try await tx.customer(customerId) != nil else {
                throw StorekeeperError.notFound("no customer \(customerId.rawValue)")
            }
            return (
                try await CustomerService.view(customerId, now: now, in: tx),
                try await tx.orders(customerId: customerId, before: nil, limit: Self.orderLimit),
                try await tx.operatorGrants(customerId: customerId),
                try await CustomerRecordService.appleAccounts(of: customerId, in: tx)
            )
        }
        let timeline = try await timelineSection(call, customerId, request: request)
        let mayAct = call.account.may(.support, app: call.appId)
        let base = ConsolePaths.customer(call.appId, customerId.rawValue)
        let actions = mayAct ? Self.actions(call, base: base, view: view, orders: orders) : nil
        let rows = grants.filter { $0.appId == call.appId && $0.revokedAt == nil && $0.expiresAt > now }.map { grant in
            CustomerPage.OperatorGrantRow(
                entitlement: grant.entitlement, until: ConsoleFormat.time(grant.expiresAt), grantedBy: grant.operatorName,
                reason: grant.reason, revokeHref: base + "/grants/\(grant.id.lowercasedString)/revoke",
                revokeKey: ConsoleSessions.randomToken())
        }
        let notice = Self.notice(request.uri.queryParameters.get("done"), replayed: request.uri.queryParameters.get("replayed") == "1")
        var page = Self.customerPage(
            view, orders: orders, timeline: timeline, notice: notice, actions: actions, operatorGrants: mayAct ? rows : [],
            appleAccounts: appleAccounts.map { Self.appleAccountRow($0, app: call.appId) })
        page.groups = try await call.services.groups.memberships(of: customerId).map { membership in
            CustomerPage.GroupLink(
                href: ConsolePaths.group(call.appId, membership.group), originalTransactionId: membership.group.originalTransactionId,
                environment: membership.group.environment.rawValue, product: membership.productId, role: membership.role,
                state: membership.state)
        }
        return try templates.page("customer", page, frame: frame("\(customerId.rawValue) · \(call.appId)", call, .search))
    }

    /// The action forms, each with its own idempotency key.
    package static func actions(_ call: AppCall, base: String, view: CustomerView, orders: [Order]) -> CustomerPage.Actions {
        let app = call.services.runtime.config
        let subscriptions = view.subscriptions.map { item in
            CustomerPage.Choice(
                value: item.originalTransactionId,
                label: "\(item.productId) · \(item.phase) · \(item.originalTransactionId) (\(item.environment.rawValue))")
        }
        let orderChoices = orders.map { order in
            CustomerPage.Choice(
                value: order.id.lowercasedString,
                label: "\(order.productId) × \(order.quantity) · \(order.state.rawValue) · \(ConsoleFormat.time(order.createdAt))")
        }
        return CustomerPage.Actions(
            csrf: call.signedIn.session.csrfToken, grantHref: base + "/grant", grantKey: ConsoleSessions.randomToken(),
            entitlements: Set(app.catalog.products.flatMap(\.entitlements)).sorted(), adjustHref: base + "/wallet/adjust",
            adjustKey: ConsoleSessions.randomToken(), extendHref: base + "/extend", extendKey: ConsoleSessions.randomToken(),
            subscriptions: subscriptions, hasSubscriptions: !subscriptions.isEmpty, reasonCodes: extendReasonCodes,
            resyncHref: base + "/resync", resyncKey: ConsoleSessions.randomToken(), correctHref: base + "/orders/correct",
            correctKey: ConsoleSessions.randomToken(), orders: orderChoices, hasOrders: !orderChoices.isEmpty,
            environments: environments(of: app).map { .init(value: $0.rawValue, label: $0.rawValue) },
            transferHref: base + "/transfer", transferKey: ConsoleSessions.randomToken(), mergeHref: base + "/merge",
            mergeKey: ConsoleSessions.randomToken())
    }

    /// What the page says after an action brought the browser back to it.
    package static func notice(_ done: String?, replayed: Bool) -> String? {
        let text: String? =
            switch done {
            case "grant": "✓ Entitlement granted."
            case "revoke": "✓ Grant revoked."
            case "adjust": "✓ Wallet adjusted."
            default: nil
            }
        return text.map { replayed ? $0 + " (This form had already been sent: nothing was done again.)" : $0 }
    }

    /// An Apple account row: the other customers behind it link to their pages.
    static func appleAccountRow(_ account: AdminAppleAccount, app: String) -> CustomerPage.AppleAccount {
        CustomerPage.AppleAccount(
            appTransactionId: account.appTransactionId, environment: account.environment,
            sharedWith: account.sharedWith.map { CustomerPage.Link(label: $0, href: ConsolePaths.customer(app, $0)) },
            isShared: !account.sharedWith.isEmpty)
    }

    /// What happens at the period's end, as Apple's renewal info says; under a 12-month
    /// commitment, the billing period and the commitment's end, which cancelling does not move.
    static func renewal(of subscription: CustomerView.Subscription) -> String {
        let plain =
            switch subscription.autoRenewStatus {
            case 1?: "renews"
            case 0?: "ends at expiry"
            default: "—"
            }
        guard let commitment = subscription.commitment else { return plain }
        let progress = [commitment.billingPeriodNumber, commitment.totalBillingPeriods].compactMap { $0 }.map(String.init)
        let place = progress.count == 2 ? "billing \(progress[0]) of \(progress[1])" : "billed monthly"
        let end = ConsoleFormat.time(commitment.expiresAt)
        return switch commitment.autoRenewStatus {
        case 0?: "12-month commitment, \(place); cancelled: billed monthly until it ends \(end)"
        case 1?: "12-month commitment, \(place); renews \(end)"
        default: "12-month commitment, \(place); ends \(end)"
        }
    }

    package static func customerPage(
        _ view: CustomerView, orders: [Order] = [], timeline: TimelineSection? = nil, notice: String? = nil,
        actions: CustomerPage.Actions? = nil, operatorGrants: [CustomerPage.OperatorGrantRow] = [],
        appleAccounts: [CustomerPage.AppleAccount] = []
    ) -> CustomerPage {
        let entitlements = view.entitlements.map { item in
            CustomerPage.Entitlement(
                id: item.id, state: item.isActive ? "active" : "inactive", isActive: item.isActive,
                expires: item.expiresAt.map { ConsoleFormat.time($0) } ?? "never", product: item.productId, source: item.source)
        }
        let subscriptions = view.subscriptions.map { item in
            CustomerPage.Subscription(
                product: item.productId, phase: item.phase, expires: ConsoleFormat.time(item.expiresAt),
                renewal: renewal(of: item), originalTransactionId: item.originalTransactionId,
                environment: item.environment.rawValue)
        }
        let balances = view.balances.sorted { $0.key < $1.key }.map { CustomerPage.Balance(currency: $0.key, amount: $0.value) }
        let purchases = view.purchases.map { item in
            CustomerPage.Purchase(
                transactionId: item.transactionId, product: item.productId, quantity: item.quantity,
                purchased: ConsoleFormat.time(item.purchaseDate), expires: ConsoleFormat.time(item.expiresDate),
                state: item.revocationDate != nil ? "revoked" : (item.isUpgraded ? "upgraded" : "valid"),
                price: ConsoleFormat.milliunits(item.price, item.currency))
        }
        let orderRows = orders.map { order in
            CustomerPage.Order(
                id: order.id.lowercasedString, product: order.productId, quantity: order.quantity, state: order.state.rawValue,
                created: ConsoleFormat.time(order.createdAt), transactionId: order.transactionId ?? "—")
        }
        return CustomerPage(
            customer: view.customerId.rawValue, created: ConsoleFormat.time(view.createdAt), notice: notice, actions: actions,
            operatorGrants: operatorGrants, appleAccounts: appleAccounts, hasAppleAccounts: !appleAccounts.isEmpty,
            entitlements: entitlements,
            subscriptions: subscriptions, balances: balances, purchases: purchases, orders: orderRows, timeline: timeline,
            noEntitlements: entitlements.isEmpty, noSubscriptions: subscriptions.isEmpty, noBalances: balances.isEmpty,
            noPurchases: purchases.isEmpty, noOrders: orderRows.isEmpty)
    }
}
