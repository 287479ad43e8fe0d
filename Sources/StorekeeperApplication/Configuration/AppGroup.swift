import Storekeeper

/// Apps that share one set of customers (`appGroups`, `appGroup.<id>.apps`): an iOS and a macOS
/// app of one product whose customers are one account system. Apps in no group keep their
/// customers apart from every other app's.
public struct AppGroup: Sendable, Hashable {
    /// Names the group's customer space: renaming it leaves its stored customers behind.
    public var id: String
    public var apps: [String]

    public init(id: String, apps: [String]) {
        self.id = id
        self.apps = apps
    }

    /// Every group the configuration lists, its ids and apps checked for shape (membership is
    /// checked against the apps by ``CustomerSpaces``).
    package static func read(_ settings: SettingsReader) throws(ConfigurationError) -> [AppGroup] {
        var groups: [AppGroup] = []
        for id in try settings.stringArray("appGroups") ?? [] {
            guard CustomerSpace.isSpaceName(id) else {
                throw ConfigurationError(key: "appGroups", "group id \(id.debugDescription) must be lowercase letters, digits, - or _")
            }
            let key = settings.scoped("appGroup", id)
            guard let apps = try key.stringArray("apps"), !apps.isEmpty else {
                throw ConfigurationError(key: key.name(["apps"]), "must list the group's apps")
            }
            groups.append(AppGroup(id: id, apps: apps))
        }
        return groups
    }
}
