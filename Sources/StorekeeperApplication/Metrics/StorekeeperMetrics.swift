public import AppStoreModels
public import CoreMetrics
import Foundation

/// The business monitors of `seeds/000_*` as swift-metrics instruments: orders, purchase
/// submissions, sandbox purchases, delivery delay, notifications, refunds, consumption requests,
/// inbox backlog. Label values are bounded (outcome codes, notification types — never IDs).
///
/// The factory is injected: the server passes its Prometheus registry, tests pass a test
/// factory; nothing here bootstraps a global.
public struct StorekeeperMetrics: Sendable {
    package let factory: any MetricsFactory

    public init(factory: any MetricsFactory) {
        self.factory = factory
    }

    private func count(_ label: String, _ dimensions: [(String, String)] = [], by amount: Int = 1) {
        Counter(label: label, dimensions: dimensions, factory: factory).increment(by: amount)
    }

    private func time(_ label: String, _ dimensions: [(String, String)] = [], _ duration: Duration) {
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        Timer(label: label, dimensions: dimensions, factory: factory).recordNanoseconds(nanoseconds)
    }

    /// An order creation attempt and how long it took (`created`, `paymentInProgress`, or an error code).
    public func orderCreated(outcome: String, duration: Duration) {
        count("storekeeper_orders_total", [("outcome", outcome)])
        time("storekeeper_order_create_duration", [("outcome", outcome)], duration)
    }

    /// An order that failed, expired or was cancelled.
    public func orderFailed(reason: String) {
        count("storekeeper_orders_failed_total", [("reason", reason)])
    }

    /// A purchase submission (receipt upload) and how long verification + commit took.
    public func purchaseSubmitted(outcome: String, duration: Duration) {
        count("storekeeper_purchase_submissions_total", [("outcome", outcome)])
        time("storekeeper_purchase_submission_duration", [("outcome", outcome)], duration)
    }

    /// A sandbox purchase seen (App Review, testers).
    public func sandboxPurchase(productId: String) {
        count("storekeeper_sandbox_purchases_total")
    }

    /// Apple's purchase time to Storekeeper's grant.
    public func delivered(purchaseDate: Timestamp, at now: Timestamp) {
        let delay = max(0, now.millisecondsSince1970 - purchaseDate.millisecondsSince1970)
        time("storekeeper_delivery_delay", [], .milliseconds(delay))
    }

    /// A notification handled: its type and what became of it (`processed`, `duplicate`,
    /// `rejected`, `retry`).
    public func notification(type: String, version: Int, outcome: String) {
        count("storekeeper_notifications_total", [("type", type), ("version", String(version)), ("outcome", outcome)])
    }

    /// Apple's `signedDate` to commit.
    public func notificationLag(signedDate: Timestamp, at now: Timestamp) {
        time("storekeeper_notification_lag", [], .milliseconds(max(0, now.millisecondsSince1970 - signedDate.millisecondsSince1970)))
    }

    /// A refund or revocation applied (`refund`, `revoke`, `reversed`).
    public func refund(kind: String) {
        count("storekeeper_refunds_total", [("kind", kind)])
    }

    /// A CONSUMPTION_REQUEST answered (`sent`, `failed`, `expired`) and request-to-answer latency.
    public func consumptionAnswered(outcome: String, latency: Duration) {
        count("storekeeper_consumption_requests_total", [("outcome", outcome)])
        time("storekeeper_consumption_answer_latency", [("outcome", outcome)], latency)
    }

    /// What one committed application of Apple facts did: each purchase new to Storekeeper
    /// in Sandbox counts once, and each first grant to an app customer records its delay.
    package func applied(_ outcome: FactApplier.Outcome, at now: Timestamp) {
        for transaction in outcome.inserted where transaction.environment == .sandbox {
            sandboxPurchase(productId: transaction.productId)
        }
        for transaction in outcome.delivered {
            delivered(purchaseDate: transaction.purchaseDate, at: now)
        }
    }

    /// Notifications stored but not yet processed.
    public func inboxBacklog(_ count: Int) {
        Gauge(label: "storekeeper_inbox_backlog", factory: factory).record(count)
    }

    /// Outbox messages waiting to be sent.
    public func outboxBacklog(_ count: Int) {
        Gauge(label: "storekeeper_outbox_backlog", factory: factory).record(count)
    }
}
