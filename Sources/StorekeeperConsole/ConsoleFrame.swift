package import Storekeeper
import StorekeeperApplication
import StorekeeperHTTP

/// What the layout needs around a page: the title, who is signed in, the app switcher and the
/// app's sections (the current one marked for screen readers with `aria-current`).
package struct ConsoleFrame {
    package struct Link {
        package let label: String
        package let href: String
        package let current: Bool
    }

    package let title: String
    package let signedIn: Bool
    package let operatorName: String
    package let role: String
    /// The session's CSRF token, for the sign-out form.
    package let csrf: String
    package let apps: [Link]
    package let sections: [Link]
    package let hasSections: Bool
    package let showsOperators: Bool
    package let operatorsCurrent: Bool

    /// A page outside a session (sign-in, errors before signing in).
    package static func signedOut(_ title: String) -> ConsoleFrame {
        ConsoleFrame(
            title: title, signedIn: false, operatorName: "", role: "", csrf: "", apps: [], sections: [], hasSections: false,
            showsOperators: false, operatorsCurrent: false)
    }

    /// The sections of an app, in the order of the navigation.
    package enum Section: String, CaseIterable {
        case overview, analytics, search, notifications, refunds, retention, reconciliation, audit

        package var label: String {
            switch self {
            case .overview: "Overview"
            case .analytics: "Analytics"
            case .search: "Search"
            case .notifications: "Notifications"
            case .refunds: "Refunds"
            case .retention: "Retention"
            case .reconciliation: "Reconciliation"
            case .audit: "Audit log"
            }
        }

        /// The least role that may open the section: its link is shown only to those.
        package var role: OperatorRole {
            switch self {
            case .audit: .admin
            case .overview, .analytics, .search, .notifications, .refunds, .retention, .reconciliation: .viewer
            }
        }
    }
}

extension ConsoleFrame {
    /// A page of `app` for the signed-in operator; `section` is marked current.
    package init(
        _ title: String, _ signedIn: ConsoleSessions.SignedIn, app: String?, section: Section?, sections available: [Section],
        knownApps: [String], operatorsPage: Bool = false
    ) {
        self.title = title
        self.signedIn = true
        operatorName = signedIn.account.name
        role = signedIn.account.role.rawValue
        csrf = signedIn.session.csrfToken
        let visible = signedIn.account.apps.filter { knownApps.contains($0) }
        apps = visible.map { Link(label: $0, href: ConsolePaths.app($0, available.first ?? .search), current: $0 == app) }
        if let app {
            sections = available.filter { signedIn.account.may($0.role, app: app) }.map {
                Link(label: $0.label, href: ConsolePaths.app(app, $0), current: $0 == section)
            }
        } else {
            sections = []
        }
        hasSections = !sections.isEmpty
        showsOperators = signedIn.account.role == .admin
        operatorsCurrent = operatorsPage
    }
}
