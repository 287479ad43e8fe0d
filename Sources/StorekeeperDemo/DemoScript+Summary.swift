import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer

/// The closing summary: what Apple sent, what the backend received, Storekeeper's own records and
/// metrics, and where to look next.
extension DemoScript {
    func summary() async throws {
        timeline.section("What happened")
        showNotifications()
        let notifications = stack.simulator.notifications(bundleId: DemoCatalog.bundleId).filter { !$0.sendAttempts.isEmpty }
        let delivered = notifications.filter(\.wasDelivered).count
        timeline.line(
            "App Store Server Notifications: \(notifications.count) sent to POST \(stack.appURL.dropFirst(stack.storekeeperURL.count))/notifications, "
                + "\(delivered) answered 200 — " + Self.counted(notifications.map(Self.name)))
        timeline.line(
            "Webhooks to the app's backend: \(webhooks.count) (\(webhooks.filter(\.signatureValid).count) with a valid signature) — "
                + Self.counted(webhooks.map(\.type)))

        let alice = try Self.customer(Self.alice)
        let events = try await stack.store.read { try await $0.auditEvents(customerId: alice, limit: 500) }
        timeline.line("Storekeeper's audit trail for alice (who changed what, from which Apple fact): \(events.count) events —")
        timeline.wrapped(
            Self.counted(events.sorted { $0.createdAt < $1.createdAt }.map { "\($0.kind) by \(Self.actorKind($0.actor))" }),
            indent: 4)

        let metrics = StorekeeperClient(baseURL: stack.storekeeperURL, credential: "")
        let exposition = String(decoding: try await metrics.get("/metrics").body, as: UTF8.self)
        let wanted = ["storekeeper_purchase_submissions_total", "storekeeper_notifications_total", "storekeeper_orders_total"]
        let lines = exposition.split(separator: "\n").filter { line in wanted.contains { line.hasPrefix($0 + "{") } }
        timeline.line("Prometheus metrics (GET /metrics), a few of them:")
        for line in lines.prefix(12) { timeline.line("    " + line) }
        expect(!lines.isEmpty, "GET /metrics should report purchases and notifications")
    }

    /// `SUBSCRIBED/INITIAL_BUY ×1, ONE_TIME_CHARGE ×5` in order of first appearance.
    static func counted(_ names: [String]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for name in names {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.isEmpty ? "none" : order.map { "\($0) ×\(counts[$0] ?? 0)" }.joined(separator: ", ")
    }

    /// `server`, `client`, `apple`, `job` without the instance-specific names.
    static func actorKind(_ actor: AuditActor) -> String {
        String(actor.rawValue.split(separator: ":").first ?? "?")
    }

    /// Where a newcomer goes from here.
    func whereNext(keepRunning: Bool) {
        timeline.section("Where to look next")
        if !keepRunning {
            timeline.line("  swift run storekeeper demo --keep-running    the same, then both servers stay up to explore with curl")
        }
        timeline.line("  swift run storekeeper serve                  Storekeeper alone with the built-in example configuration")
        timeline.line("  README.md                                    the guides in docs/: configuration, the API, operating")
        timeline.line(
            "  docs/SIMULATOR.md                            the App Store simulator: every operation and the notification it sends")
        timeline.line("  GET /openapi.json                            the HTTP API, machine-readable")
    }

    /// Prints how to reach the servers left running, with an admin operator created for the web
    /// console.
    func printExploration() async throws {
        let token = stack.customerToken(try Self.customer(Self.alice), lifetimeSeconds: 86_400)
        let sk = stack.storekeeperURL
        let sim = stack.simulatorURL
        let console = try await OperatorKeys.create(
            name: "demo-admin", role: .admin, apps: [stack.app.id], in: stack.store, actor: AuditActor(rawValue: "local:demo"),
            reason: "storekeeper demo --keep-running")
        timeline.section("Still running (Ctrl-C stops both)")
        timeline.line("  Storekeeper          \(sk)    /health /ready /metrics /openapi.json  /v1/apps/\(stack.app.id)/...")
        timeline.line("  App Store simulator  \(sim)    /control/... (docs/SIMULATOR.md)")
        timeline.line("  Web console          \(sk)/console")
        timeline.line("  operator sign-in     name \(console.account.name), key \(console.key)")
        timeline.line("  server API key       \(stack.apiKey)")
        timeline.line("  customer token       \(token)")
        timeline.line("                       (alice, valid 24 hours)")
        timeline.line()
        timeline.line("Try, in another terminal:")
        timeline.line("  KEY=\(stack.apiKey)")
        timeline.line("  TOKEN=\(token)")
        timeline.line("  curl -s -H \"Authorization: Bearer $KEY\" \(sk)/v1/apps/\(stack.app.id)/customers/alice")
        timeline.line("  curl -s -H \"Authorization: Bearer $TOKEN\" \(sk)/v1/apps/\(stack.app.id)/customers/alice")
        timeline.line(
            "  curl -s -X POST -H \"Authorization: Bearer $TOKEN\" \(sk)/v1/apps/\(stack.app.id)/orders "
                + "-d '{\"customerId\":\"alice\",\"productId\":\"\(DemoCatalog.gems)\"}'")
        timeline.line(
            "  curl -s -X POST \(sim)/control/purchases -d '{\"accountId\":\"\(Self.aliceApple)\",\"bundleId\":\"\(DemoCatalog.bundleId)\","
                + "\"productId\":\"\(DemoCatalog.gems)\",\"appAccountToken\":\"<the order's appAccountToken>\"}'")
        timeline.line("  curl -s \(sim)/control/notifications?bundleId=\(DemoCatalog.bundleId)")
        timeline.line("  curl -s \(sk)/metrics | grep ^storekeeper_")
        timeline.line("alice's monthly subscription keeps renewing every 5 minutes; each renewal reaches Storekeeper as DID_RENEW.")
    }
}
