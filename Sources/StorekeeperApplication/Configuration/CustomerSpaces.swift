package import Storekeeper

/// Which ``CustomerSpace`` each app names customers in: its group's when it is in an
/// ``AppGroup``, else its own id; and the app or group owning the customers stored before apps
/// were isolated, whose space is ``CustomerSpace/preIsolation`` (their keys carry no space).
///
/// Until apps were isolated, every app of a configuration named the same customers. Those rows
/// stay as they are and belong to one owner (`storage.preIsolationCustomers`, by default the
/// first app): one app's customers of a one-app configuration stay its own; a configuration
/// whose apps shared customers keeps them shared by naming a group of those apps.
package struct CustomerSpaces: Sendable {
    private let spaces: [String: CustomerSpace]
    /// The app or group id owning the pre-isolation customers.
    package let preIsolationOwner: String

    package init(apps: [String], groups: [AppGroup], preIsolationOwner: String?) throws(ConfigurationError) {
        var groupOf: [String: String] = [:]
        for group in groups {
            guard CustomerSpace.isSpaceName(group.id) else {
                throw ConfigurationError(
                    key: "appGroups", "group id \(group.id.debugDescription) must be lowercase letters, digits, - or _")
            }
            guard !apps.contains(group.id) else {
                // A group and an app of one name would be one space: the app would see the group's customers.
                throw ConfigurationError(key: "appGroups", "group \(group.id) has the id of an app")
            }
            guard groups.filter({ $0.id == group.id }).count == 1 else {
                throw ConfigurationError(key: "appGroups", "lists \(group.id) twice")
            }
            for app in group.apps {
                guard apps.contains(app) else {
                    throw ConfigurationError(key: "appGroup.\(group.id).apps", "names \(app), which is not in apps")
                }
                if let other = groupOf[app] {
                    throw ConfigurationError(key: "appGroup.\(group.id).apps", "names \(app), already in group \(other)")
                }
                groupOf[app] = group.id
            }
        }
        let owner = preIsolationOwner ?? apps.first.map { groupOf[$0] ?? $0 } ?? ""
        guard apps.isEmpty && preIsolationOwner == nil || apps.contains(owner) || groups.contains(where: { $0.id == owner }) else {
            throw ConfigurationError(key: "storage.preIsolationCustomers", "names \(owner), which is neither an app nor an app group")
        }
        if let group = groupOf[owner] {
            throw ConfigurationError(
                key: "storage.preIsolationCustomers", "names \(owner), which is in group \(group): name the group")
        }
        self.preIsolationOwner = owner
        var spaces: [String: CustomerSpace] = [:]
        for app in apps {
            let name = groupOf[app] ?? app
            guard let space = CustomerSpace(name) else {
                throw ConfigurationError(key: "apps", "app id \(app.debugDescription) must be lowercase letters, digits, - or _")
            }
            spaces[app] = name == owner ? .preIsolation : space
        }
        self.spaces = spaces
    }

    /// The space `app` names customers in; ``CustomerSpace/preIsolation`` for an app not configured.
    package func space(of app: String) -> CustomerSpace { spaces[app] ?? .preIsolation }

    /// `apps`, each with its space and the group it shares it with.
    package func placing(_ apps: [AppConfiguration], groups: [AppGroup]) -> [AppConfiguration] {
        apps.map { app in
            var app = app
            app.customerSpace = space(of: app.id)
            app.appGroup = groups.first { $0.apps.contains(app.id) }
            return app
        }
    }
}
