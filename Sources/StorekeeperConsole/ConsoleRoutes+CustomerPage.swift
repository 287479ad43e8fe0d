import Storekeeper
import StorekeeperApplication
import StorekeeperHTTP

/// What the customer page's template shows (``ConsoleRoutes/customerPage(_:context:)``).
extension ConsoleRoutes {
    package struct CustomerPage {
        package struct Entitlement {
            package let id: String
            package let state: String
            package let isActive: Bool
            package let expires: String
            package let product: String
            package let source: String
        }

        package struct Subscription {
            package let product: String
            package let phase: String
            package let expires: String
            /// Renews, ends, or (under a 12-month commitment) where the commitment stands.
            package let renewal: String
            package let originalTransactionId: String
            package let environment: String
        }

        package struct Balance {
            package let currency: String
            package let amount: Int64
        }

        package struct Purchase {
            package let transactionId: String
            package let product: String
            package let quantity: Int
            package let purchased: String
            package let expires: String
            package let state: String
            package let price: String
        }

        package struct Order {
            package let id: String
            package let product: String
            package let quantity: Int
            package let state: String
            package let created: String
            package let transactionId: String
        }

        /// An operator's grant still in force, with its early-revocation form.
        package struct OperatorGrantRow {
            package let entitlement: String
            package let until: String
            package let grantedBy: String
            package let reason: String
            package let revokeHref: String
            package let revokeKey: String
        }

        /// An option of a form's `<select>`.
        /// An Apple account the customer was seen behind, and the other customers behind it.
        package struct AppleAccount {
            package let appTransactionId: String
            package let environment: String
            package let sharedWith: [Link]
            package let isShared: Bool
        }

        package struct Link {
            package let label: String
            package let href: String
        }

        package struct Choice {
            package let value: String
            package let label: String
        }

        /// The action forms (support role and above): the session's CSRF token and a fresh
        /// idempotency key per form, minted when the page is rendered.
        package struct Actions {
            package let csrf: String
            package let grantHref: String
            package let grantKey: String
            package let entitlements: [String]
            package let adjustHref: String
            package let adjustKey: String
            package let extendHref: String
            package let extendKey: String
            package let subscriptions: [Choice]
            package let hasSubscriptions: Bool
            package let reasonCodes: [Choice]
            package let resyncHref: String
            package let resyncKey: String
            package let correctHref: String
            package let correctKey: String
            package let orders: [Choice]
            package let hasOrders: Bool
            package let environments: [Choice]
            package let transferHref: String
            package let transferKey: String
            package let mergeHref: String
            package let mergeKey: String
        }

        package let customer: String
        package let created: String
        package let notice: String?
        package let actions: Actions?
        package let operatorGrants: [OperatorGrantRow]
        package let appleAccounts: [AppleAccount]
        package let hasAppleAccounts: Bool
        package let entitlements: [Entitlement]
        package let subscriptions: [Subscription]
        package let balances: [Balance]
        package let purchases: [Purchase]
        package let orders: [Order]
        package let timeline: TimelineSection?
        package let noEntitlements: Bool
        package let noSubscriptions: Bool
        package let noBalances: Bool
        package let noPurchases: Bool
        package let noOrders: Bool
        /// The groups the customer buys or sits in, each linking to its page.
        package var groups: [GroupLink] = [] {
            didSet { hasGroups = !groups.isEmpty }
        }
        /// Stored, not computed: the templates read properties by reflection.
        package private(set) var hasGroups = false

        package struct GroupLink {
            package let href: String
            package let originalTransactionId: String
            package let environment: String
            package let product: String
            package let role: String
            package let state: String
        }
    }

    /// Apple's reasons for a renewal-date extension (`extendReasonCode`).
    package static let extendReasonCodes: [CustomerPage.Choice] = [
        .init(value: "1", label: "1 — customer satisfaction"), .init(value: "3", label: "3 — service issue or outage"),
        .init(value: "2", label: "2 — other"), .init(value: "0", label: "0 — undeclared"),
    ]
}
