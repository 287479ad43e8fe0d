import AppStoreModels
package import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperHTTP

/// The overview's operations card: the admin API's operations view (the last 24 hours) as
/// three groups of facts, each group with a word saying whether it needs attention (never
/// only a colour).
package struct OperationsCard {
    package struct Group {
        package let title: String
        package let id: String
        package let healthy: Bool
        package let verdict: String
        package let facts: [ConsoleRoutes.OverviewPage.Fact]
    }

    package let since: String
    package let groups: [Group]

    package init(_ operations: OperationsResponse) {
        since = ConsoleFormat.time(milliseconds: operations.since)
        let n = operations.notifications
        let duration = { (value: Int64?) in value.map(ConsoleFormat.duration) ?? "—" }
        let inboxHealthy = n.failed == 0 && (n.oldestWaiting ?? 0) < 15 * 60_000
        let outbox = operations.outbox
        let outboxHealthy = outbox.failedSince == 0 && (outbox.oldestPending ?? 0) < 15 * 60_000
        let apple = operations.apple
        let appleHealthy = apple.serverAPIConfigured && apple.failedCallsSince == 0
        groups = [
            Group(
                title: "Notifications from Apple", id: "ops-notifications", healthy: inboxHealthy,
                verdict: inboxHealthy ? "✓ Healthy" : "⚠ Needs attention",
                facts: [
                    .init(label: "Waiting to be applied", value: String(n.pending)),
                    .init(label: "Failed (retried)", value: String(n.failed)),
                    .init(label: "Rejected in 24 h", value: String(n.rejectedSince)),
                    .init(label: "Oldest waiting for", value: duration(n.oldestWaiting)),
                    .init(label: "Applied in 24 h", value: String(n.processedSince)),
                    .init(label: "Last applied", value: ConsoleFormat.time(milliseconds: n.lastProcessedAt)),
                    .init(
                        label: "Delivery lag (Apple → us), average / longest",
                        value: "\(duration(n.averageDeliveryLag)) / \(duration(n.maximumDeliveryLag))"),
                    .init(
                        label: "Processing lag (received → applied), average / longest",
                        value: "\(duration(n.averageProcessingLag)) / \(duration(n.maximumProcessingLag))"),
                ]),
            Group(
                title: "Outbox to the app's backend", id: "ops-outbox", healthy: outboxHealthy,
                verdict: outboxHealthy ? "✓ Healthy" : "⚠ Needs attention",
                facts: [
                    .init(label: "Pending", value: String(outbox.pending)),
                    .init(label: "Oldest pending for", value: duration(outbox.oldestPending)),
                    .init(label: "Given up in 24 h", value: String(outbox.failedSince)),
                ]),
            Group(
                title: "App Store Server API", id: "ops-apple", healthy: appleHealthy,
                verdict: !apple.serverAPIConfigured
                    ? "✗ No API key configured" : (apple.failedCallsSince == 0 ? "✓ Healthy" : "⚠ Calls failing"),
                facts: [
                    .init(label: "API key configured", value: apple.serverAPIConfigured ? "yes" : "no"),
                    .init(label: "Calls waiting to be sent", value: String(apple.pendingCalls)),
                    .init(label: "Calls given up in 24 h", value: String(apple.failedCallsSince)),
                ]),
        ]
    }
}
