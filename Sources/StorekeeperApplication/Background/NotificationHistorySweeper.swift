import AppStoreAPI
package import AppStoreModels
import AppStoreVerification
import Foundation
public import Storekeeper
package import StorekeeperStore

/// Recovers notifications Storekeeper never received: walks Apple's Notification History from a
/// stored watermark to now and feeds every notification the inbox lacks through the webhook
/// path, paging time slices in parallel within the endpoint's budget
/// (``ParallelHistoryRecovery``). A lease makes one instance sweep at a time; a sweep that
/// stops resumes from its slices' watermarks; rerunning changes nothing (the inbox
/// deduplicates by `notificationUUID`).
public struct NotificationHistorySweeper: PeriodicJob {
    package let store: any PurchaseStore
    package let notifications: NotificationService
    package let apple: AppleConnection
    package let environment: AppStoreEnvironment
    package let instance: String
    package let now: any WallClock
    /// How a sweep cuts and pages its window.
    public var plan = HistoryRecoveryPlan()
    /// History is re-read from a little before the watermark: Apple may record a send attempt
    /// a moment after the notification's own time.
    package let overlapMilliseconds: Int64 = 10 * 60_000
    /// On the first sweep, how far back to look. Apple keeps 180 days and answers 4000012 to a
    /// `startDate` further back — judged when the request arrives, after `now` — so exactly 180
    /// days always failed; a day's margin keeps the first sweep valid.
    package let firstLookbackMilliseconds: Int64 = 179 * 86_400_000
    package let leaseMilliseconds: Int64 = 5 * 60_000

    package init(
        store: any PurchaseStore, notifications: NotificationService, apple: AppleConnection, environment: AppStoreEnvironment,
        instance: String, now: any WallClock, plan: HistoryRecoveryPlan = HistoryRecoveryPlan()
    ) {
        self.store = store
        self.notifications = notifications
        self.apple = apple
        self.environment = environment
        self.instance = instance
        self.now = now
        self.plan = plan
    }

    public var name: String { "notifications.sweep.\(apple.app.id).\(environment.rawValue)" }

    /// What one sweep did (for tests and logs).
    public struct Result: Sendable, Hashable {
        public var seen: Int
        /// Of `seen`, those the inbox already held (processed or rejected): skipped unverified.
        public var known: Int = 0
        public var recovered: Int
        /// Pages fetched (and applied) by this sweep.
        public var pages: Int = 0
        /// Slices left by an interrupted sweep that this one resumed.
        public var resumedSlices: Int = 0
    }

    public func runOnce() async throws -> Bool {
        _ = try await sweep()
        return false
    }

    public func sweep() async throws -> Result {
        guard try await holdLease() else { return Result(seen: 0, recovered: 0) }
        let now = now()
        let watermark = try await store.read { try await $0.watermark(name) }.flatMap(Int64.init)
        let start = watermark.map { $0 - overlapMilliseconds } ?? (now.millisecondsSince1970 - firstLookbackMilliseconds)
        let from = Timestamp(millisecondsSince1970: max(0, start))
        guard from < now else { return Result(seen: 0, recovered: 0) }
        let recovery = ParallelHistoryRecovery(
            store: store, notifications: notifications, client: try apple.client(environment), plan: plan,
            clock: self.now,
            keepGoing: { try await holdLease() })
        let outcome = try await recovery.run(job: name, from: from, to: now)
        let end = outcome.to
        try await store.write { tx in
            // A resumed sweep may cover less than an earlier one reached: never move back.
            let stored = try await tx.watermark(name).flatMap(Int64.init) ?? 0
            try await tx.setWatermark(name, value: String(max(stored, end.millisecondsSince1970)))
        }
        return Result(
            seen: outcome.seen, known: outcome.known, recovered: outcome.recovered, pages: outcome.pages,
            resumedSlices: outcome.resumedSlices)
    }

    /// Takes or renews the sweep's lease; false while another instance holds it.
    package func holdLease() async throws -> Bool {
        let now = now()
        return try await store.write { tx in
            try await tx.acquireLease(name, owner: instance, until: now.adding(milliseconds: leaseMilliseconds), now: now)
        }
    }

    /// Feeds Notification History items the inbox lacks through the webhook path (verified,
    /// stored, applied once); items it holds as processed or rejected are skipped unverified.
    /// The sweep and the operators' backfill (`NotificationInbox.backfill`) share it.
    package static func feed(
        _ items: [NotificationHistoryResponseItem], store: any PurchaseStore, notifications: NotificationService
    ) async throws -> (known: Int, recovered: Int, rejected: Int) {
        var recovered = 0
        var known = 0
        var rejected = 0
        for item in items {
            guard let signedPayload = item.signedPayload else { continue }
            if let id = notificationUUID(of: signedPayload),
                let status = try await store.read({ try await $0.inboxStatus(id: id) }), status == .processed || status == .rejected
            {
                known += 1
                continue
            }
            let body = try JSONEncoder().encode(ResponseBodyV2(signedPayload: signedPayload))
            switch await notifications.receive(Array(body)) {
            case .processed: recovered += 1
            case .retry(let reason): throw StorekeeperError.unavailable("recovered notification not applied", cause: reason)
            case .rejected: rejected += 1
            case .duplicate, .unauthorized: break
            }
        }
        return (known, recovered, rejected)
    }

    /// The `notificationUUID` of a signed notification, read without verifying it. Used only to
    /// skip what the inbox already holds: a body carrying a known UUID would be answered as a
    /// duplicate after verification anyway, so a forged one could change nothing.
    package static func notificationUUID(of signedPayload: String) -> String? {
        guard let json = try? CompactJWS.unverifiedPayload(signedPayload) else { return nil }
        struct Claims: Decodable { var notificationUUID: String? }
        return (try? JSONCoding.decode(Claims.self, from: Data(json)))?.notificationUUID
    }
}
