package import Storekeeper

/// Every app's webhooks, reachable only through the app they belong to: there is no lookup by
/// name alone, so an event of one app cannot be sent to, or signed for, another app's backend
/// even when both apps name their webhook alike.
package struct AppWebhooks: Sendable {
    private let byApp: [String: [String: AppConfiguration.Webhook]]

    package init(_ apps: [AppConfiguration]) {
        var byApp: [String: [String: AppConfiguration.Webhook]] = [:]
        for app in apps {
            byApp[app.id] = Dictionary(app.webhooks.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        }
        self.byApp = byApp
    }

    /// The webhook `destination` names, in the configuration of `destination.appId` only.
    package func webhook(_ destination: WebhookDestination) -> AppConfiguration.Webhook? {
        byApp[destination.appId]?[destination.name]
    }

    /// The destinations this instance can deliver: each app's webhooks, and the legacy
    /// `webhook:<name>` of every name some app here configures (such a row is delivered only if
    /// its event's own app has that webhook).
    package var destinations: [String] {
        var current: [String] = []
        var legacy: Set<String> = []
        for (appId, hooks) in byApp.sorted(by: { $0.key < $1.key }) {
            for name in hooks.keys.sorted() {
                current.append(WebhookDestination(appId: appId, name: name).rawValue)
                legacy.insert(WebhookDestination.legacyPrefix + name)
            }
        }
        return current + legacy.sorted()
    }
}
