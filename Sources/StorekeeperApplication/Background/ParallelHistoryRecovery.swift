package import AppStoreAPI
package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperStore

/// Recovers a window of Apple's Notification History as fast as the endpoint's budget allows:
/// the window is cut into time slices (``HistoryRecoveryPlan``), several slices are paged at
/// once, each fetching its next page while the current one is verified and applied, and each
/// slice's watermark (the next page's token) is stored after every applied page. A recovery
/// that stops — crash, restart, lost lease — resumes from the stored slices of its job without
/// fetching again the pages it applied.
///
/// The request rate is held by the client's rate limiter (one bucket per app, environment and
/// endpoint, shared by every caller), not by the number of slices. Applying stays the webhook
/// path's: each notification is verified, stored and applied once (the inbox deduplicates by
/// `notificationUUID`; out-of-order facts are resolved by `signedDate`).
package struct ParallelHistoryRecovery: Sendable {
    package let store: any PurchaseStore
    package let notifications: NotificationService
    package let client: any AppStoreServerAPI
    package let plan: HistoryRecoveryPlan
    /// Business time: slices are cut and their watermarks stamped at its current instant.
    package let clock: any WallClock
    /// Called after each slice completes; `false` (the lease was lost) stops the recovery.
    package var keepGoing: @Sendable () async throws -> Bool = { true }

    /// What a recovery did.
    package struct Outcome: Sendable, Hashable {
        /// The window recovered (a resumed recovery's stored window).
        package var from: Timestamp
        package var to: Timestamp
        package var seen = 0
        package var known = 0
        package var recovered = 0
        package var rejected = 0
        /// Pages fetched and applied by this run.
        package var pages = 0
        package var slices = 0
        /// Slices a stored recovery had left when this run resumed it (zero for a new one).
        package var resumedSlices = 0

        package mutating func add(_ other: SliceOutcome) {
            seen += other.seen
            known += other.known
            recovered += other.recovered
            rejected += other.rejected
            pages += other.pages
        }
    }

    package struct SliceOutcome: Sendable {
        package var seen = 0
        package var known = 0
        package var recovered = 0
        package var rejected = 0
        package var pages = 0
    }

    /// Stopped because another instance took the job's lease.
    package struct LeaseLost: Error {}

    /// Recovers `from..<to` as `job`, or resumes `job`'s stored slices when it has some (their
    /// window wins). The slices are forgotten once every one is complete.
    package func run(job: String, from: Timestamp, to: Timestamp) async throws -> Outcome {
        var slices = try await store.read { try await $0.recoverySlices(job: job) }
        let resumed = !slices.isEmpty
        if !resumed {
            do throws(RecoveryPlanError) {
                slices = try plan.slices(job: job, from: from, to: to, now: clock())
            } catch {
                throw StorekeeperError.invalidRequest(error.reason)
            }
            let planned = slices
            try await store.write { tx in
                for slice in planned { try await tx.saveRecoverySlice(slice) }
            }
        }
        let window = HistoryRecoveryPlan.window(of: slices) ?? (from: from, to: to)
        let pending = HistoryRecoveryPlan.pending(slices)
        var outcome = Outcome(from: window.from, to: window.to, slices: slices.count, resumedSlices: resumed ? pending.count : 0)
        try await withThrowingTaskGroup(of: SliceOutcome.self) { group in
            var queue = pending.makeIterator()
            for _ in 0..<plan.concurrency {
                guard let slice = queue.next() else { break }
                group.addTask { try await page(slice) }
            }
            while let done = try await group.next() {
                outcome.add(done)
                guard try await keepGoing() else { throw LeaseLost() }
                if let slice = queue.next() { group.addTask { try await page(slice) } }
            }
        }
        _ = try await store.write { try await $0.deleteRecoverySlices(job: job) }
        return outcome
    }

    /// Pages one slice from its watermark: while page n is applied, page n+1 is in flight; the
    /// watermark moves to page n+1 once page n is applied.
    package func page(_ start: RecoverySlice) async throws -> SliceOutcome {
        var slice = start
        var outcome = SliceOutcome()
        let request = NotificationHistoryRequest(startDate: slice.start, endDate: slice.end)
        var response: NotificationHistoryResponse
        do {
            response = try await Self.historyPage(client, request, slice.nextPageToken)
        } catch let error as AppStoreAPIError where error.errorCode == .invalidPaginationToken && slice.nextPageToken != nil {
            // Apple no longer accepts the stored token: page the slice again from its start.
            slice = HistoryRecoveryPlan.restarted(slice, at: clock())
            response = try await Self.historyPage(client, request, nil)
        }
        while true {
            let nextToken = response.hasMore == true ? response.paginationToken : nil
            async let following = Self.fetch(client, request, nextToken)
            let items = response.notificationHistory ?? []
            let fed = try await NotificationHistorySweeper.feed(items, store: store, notifications: notifications)
            slice = HistoryRecoveryPlan.advanced(
                slice, records: items.count, hasMore: response.hasMore == true, nextPageToken: response.paginationToken, at: clock())
            let watermark = slice
            try await store.write { try await $0.saveRecoverySlice(watermark) }
            outcome.seen += items.count
            outcome.known += fed.known
            outcome.recovered += fed.recovered
            outcome.rejected += fed.rejected
            outcome.pages += 1
            guard let next = try await following else { return outcome }
            response = next
        }
    }

    /// The page after `token`, or nil when there is none.
    private static func fetch(
        _ client: any AppStoreServerAPI, _ request: NotificationHistoryRequest, _ token: String?
    ) async throws -> NotificationHistoryResponse? {
        guard let token else { return nil }
        return try await historyPage(client, request, token)
    }

    /// One page. When the budget is spent for longer than the client waits by itself (its
    /// limiter fails fast, or Apple answered 429), waits until the instant the budget allows —
    /// a recovery has nothing better to do — and asks again, a bounded number of times.
    private static func historyPage(
        _ client: any AppStoreServerAPI, _ request: NotificationHistoryRequest, _ token: String?
    ) async throws -> NotificationHistoryResponse {
        var attempt = 0
        while true {
            switch await attemptPage(client, request, token) {
            case .success(let response):
                return response
            case .failure(let error) where error.code == .rateLimited && attempt < maximumBudgetWaits:
                attempt += 1
                let wait = max(0.05, (error.retryAfter ?? Date().addingTimeInterval(1)).timeIntervalSinceNow)
                try await Task.sleep(for: .milliseconds(Int64(min(wait, 60) * 1000)))
            case .failure(let error):
                throw error
            }
        }
    }

    private static func attemptPage(
        _ client: any AppStoreServerAPI, _ request: NotificationHistoryRequest, _ token: String?
    ) async -> Result<NotificationHistoryResponse, AppStoreAPIError> {
        do throws(AppStoreAPIError) {
            return .success(try await client.getNotificationHistory(request: request, paginationToken: token))
        } catch {
            return .failure(error)
        }
    }

    /// How many times one page waits for the budget before the recovery gives up (and resumes
    /// from its watermarks on the next run).
    package static let maximumBudgetWaits = 1_000
}
