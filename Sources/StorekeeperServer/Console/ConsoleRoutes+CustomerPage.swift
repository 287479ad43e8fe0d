import Storekeeper

/// What the customer page's template shows (``ConsoleRoutes/customerPage(_:context:)``).
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

        struct Order {
            let id: String
            let product: String
            let quantity: Int
            let state: String
            let created: String
            let transactionId: String
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

        /// An option of a form's `<select>`.
        struct Choice {
            let value: String
            let label: String
        }

        /// The action forms (support role and above): the session's CSRF token and a fresh
        /// idempotency key per form, minted when the page is rendered.
        struct Actions {
            let csrf: String
            let grantHref: String
            let grantKey: String
            let entitlements: [String]
            let adjustHref: String
            let adjustKey: String
            let extendHref: String
            let extendKey: String
            let subscriptions: [Choice]
            let hasSubscriptions: Bool
            let reasonCodes: [Choice]
            let resyncHref: String
            let resyncKey: String
            let correctHref: String
            let correctKey: String
            let orders: [Choice]
            let hasOrders: Bool
            let environments: [Choice]
            let transferHref: String
            let transferKey: String
            let mergeHref: String
            let mergeKey: String
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
        let orders: [Order]
        let timeline: TimelineSection?
        let noEntitlements: Bool
        let noSubscriptions: Bool
        let noBalances: Bool
        let noPurchases: Bool
        let noOrders: Bool
    }

    /// Apple's reasons for a renewal-date extension (`extendReasonCode`).
    static let extendReasonCodes: [CustomerPage.Choice] = [
        .init(value: "1", label: "1 — customer satisfaction"), .init(value: "3", label: "3 — service issue or outage"),
        .init(value: "2", label: "2 — other"), .init(value: "0", label: "0 — undeclared"),
    ]
}
