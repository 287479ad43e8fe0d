import AppStoreAPI
package import AppStoreModels
import AppStoreVerification
package import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// One app's notifications inbox as operators work it: entries by filter, one decoded, replays
/// of stored bodies under the same effect rules as their first delivery, backfill of a window
/// from Apple's Notification History, and Apple's TEST notification.
package struct NotificationInbox: Sendable {
    package let store: any PurchaseStore
    package let runtime: AppRuntime
    package let notifications: NotificationService
    /// How backfills cut and page their window.
    package var backfillPlan = HistoryRecoveryPlan()

    package init(
        store: any PurchaseStore, runtime: AppRuntime, notifications: NotificationService,
        backfillPlan: HistoryRecoveryPlan = HistoryRecoveryPlan()
    ) {
        self.store = store
        self.runtime = runtime
        self.notifications = notifications
        self.backfillPlan = backfillPlan
    }

    package var appId: String { runtime.config.id }

    /// The audit subject of an inbox entry (operator actions on it).
    package static func subject(_ id: String) -> String { "notification:\(id)" }

    package func page(_ query: InboxQuery) async throws -> InboxPageResponse {
        let entries = try await store.read { try await $0.inboxPage(query) }
        let next = entries.count == query.limit ? entries.last?.cursor.token : nil
        return InboxPageResponse(notifications: entries.map(InboxEntryBody.init), next: next)
    }

    /// The entry, only when it belongs to this app (another app's is as unknown as none).
    package func entry(_ id: String) async throws -> InboxNotification {
        guard let entry = try await store.read({ try await $0.inboxNotification(id: id) }), entry.appId == appId else {
            throw StorekeeperError.notFound("no notification \(id) in this app's inbox")
        }
        return entry
    }

    package func detail(_ id: String, raw: Bool) async throws -> InboxDetailResponse {
        let entry = try await entry(id)
        let (actions, attempts) = try await store.read {
            (try await $0.auditEvents(subject: Self.subject(id)), try await $0.inboxAttempts(id: id))
        }
        var verified = false
        var verificationError: String?
        var handling: String?
        var payload: ResponseBodyV2DecodedPayload?
        var transaction: JWSTransactionDecodedPayload?
        var renewalInfo: JWSRenewalInfoDecodedPayload?
        var v1: AppStoreServerNotificationV1?
        if entry.version == 2 {
            do {
                let decoded = try runtime.signedData.verifyNotificationBody(Array(entry.body))
                verified = true
                payload = decoded.payload
                transaction = decoded.transaction
                renewalInfo = decoded.renewalInfo
                handling =
                    NotificationInterpreter.interpret(
                        decoded.payload, transaction: decoded.transaction, renewalInfo: decoded.renewalInfo,
                        appTransaction: decoded.appTransaction
                    ).handling
            } catch {
                verificationError = error.description
                payload = Self.unverifiedPayload(entry.body)
            }
        } else if entry.version == 1 {
            v1 = try? JSONCoding.decode(AppStoreServerNotificationV1.self, from: entry.body)
            if v1?.password != nil { v1?.password = "<redacted>" }
        }
        return InboxDetailResponse(
            notification: InboxEntryBody(InboxPageEntry(entry)), verified: verified, verificationError: verificationError,
            handling: handling, payload: try payload.map(JSONPayload.init(encoding:)),
            transaction: try transaction.map(JSONPayload.init(encoding:)),
            renewalInfo: try renewalInfo.map(JSONPayload.init(encoding:)), v1: try v1.map(JSONPayload.init(encoding:)),
            attempts: attempts.map(InboxAttemptBody.init), actions: actions.map(AuditEventBody.init),
            rawBody: raw ? Self.rawText(entry) : nil)
    }

    /// A signed body's payload read without verification (to show what a rejected body says).
    package static func unverifiedPayload(_ body: Data) -> ResponseBodyV2DecodedPayload? {
        struct Envelope: Decodable { var signedPayload: String }
        guard let envelope = try? JSONCoding.decode(Envelope.self, from: body),
            let json = try? CompactJWS.unverifiedPayload(envelope.signedPayload)
        else { return nil }
        return try? JSONCoding.decode(ResponseBodyV2DecodedPayload.self, from: Data(json))
    }

    /// The body as text; a V1 body's shared secret (`password`) never leaves the server.
    package static func rawText(_ entry: InboxNotification) -> String {
        guard entry.version == 1,
            var object = (try? JSONSerialization.jsonObject(with: entry.body)) as? [String: Any], object["password"] != nil
        else { return String(decoding: entry.body, as: UTF8.self) }
        object["password"] = "<redacted>"
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Replay

    /// Replays one stored body under the rules of a first delivery: an entry already processed
    /// is a duplicate (nothing happens again); a pending or failed one is verified again (V2)
    /// and applied, exactly once, with its entry marked processed in the same transaction; a
    /// rejected V2 body is verified again and stays rejected unless it now verifies. A rejected
    /// V1 body stays rejected: V1 bodies are authenticated (shared secret, bundle) only on arrival.
    package func replay(_ entry: InboxNotification) async throws -> ReplayOutcome {
        let before = entry.status
        let answer =
            if let answer = InboxDecision.replay(entry.status, version: entry.version, lastError: entry.lastError) {
                answer
            } else {
                await notifications.reprocess(entry)
            }
        let after = try await store.read { try await $0.inboxStatus(id: entry.id) } ?? before
        let (outcome, error): (String, String?) =
            switch answer {
            case .processed: ("processed", nil)
            case .duplicate: ("duplicate", nil)
            case .rejected(let reason): ("rejected", reason)
            case .unauthorized: ("rejected", "unauthorized")
            case .retry(let reason): ("retry", reason)
            }
        return ReplayOutcome(
            id: entry.id, outcome: outcome, error: error, statusBefore: Self.statusName(before), statusAfter: Self.statusName(after))
    }

    /// Replays one page of the entries matching `query` (newest first).
    package func replay(_ query: InboxQuery) async throws -> ReplayRangeResult {
        let page = try await store.read { try await $0.inboxPage(query) }
        var outcomes: [ReplayOutcome] = []
        for summary in page {
            guard let entry = try await store.read({ try await $0.inboxNotification(id: summary.id) }) else { continue }
            outcomes.append(try await replay(entry))
        }
        func count(_ outcome: String) -> Int { outcomes.count { $0.outcome == outcome } }
        return ReplayRangeResult(
            attempted: outcomes.count, processed: count("processed"), duplicate: count("duplicate"),
            rejected: count("rejected"), retry: count("retry"), outcomes: outcomes,
            next: page.count == query.limit ? page.last?.cursor.token : nil)
    }

    package static func statusName(_ status: InboxNotification.Status) -> String {
        status == .received ? InboxQuery.Status.pending.rawValue : status.rawValue
    }

    // MARK: Backfill and TEST

    /// Apple keeps 180 days of Notification History.
    package static let historyDays: Int64 = 180

    /// Feeds every notification Apple's history holds for `from..<to` that the inbox lacks
    /// through the webhook path (the sweeper's), each applied once.
    package func backfill(
        environment: AppStoreEnvironment, from: Timestamp, to: Timestamp, clock: any WallClock
    ) async throws
        -> BackfillResult
    {
        let now = clock()
        guard from < to else { throw StorekeeperError.invalidRequest("from must be before to") }
        guard from.millisecondsSince1970 >= now.millisecondsSince1970 - Self.historyDays * 86_400_000 else {
            throw StorekeeperError.invalidRequest("Apple keeps Notification History for 180 days: from is too far back")
        }
        let recovery = ParallelHistoryRecovery(
            store: store, notifications: notifications, client: try AppleSide.client(runtime, environment), plan: backfillPlan,
            clock: clock)
        let outcome: ParallelHistoryRecovery.Outcome
        do {
            outcome = try await recovery.run(
                job: Self.backfillJob(appId: appId, environment: environment, from: from, to: to), from: from, to: to)
        } catch let error as AppStoreAPIError {
            throw AppleSide.error(error)
        }
        return BackfillResult(
            environment: environment.rawValue, from: from.millisecondsSince1970, to: to.millisecondsSince1970, seen: outcome.seen,
            known: outcome.known,
            recovered: outcome.recovered, rejected: outcome.rejected)
    }

    /// The recovery job of a backfill: the same window asked again (say after a crash) resumes
    /// from its slices' watermarks.
    package static func backfillJob(appId: String, environment: AppStoreEnvironment, from: Timestamp, to: Timestamp) -> String {
        "notifications.backfill.\(appId).\(environment.rawValue).\(from.millisecondsSince1970)-\(to.millisecondsSince1970)"
    }

    /// Asks Apple to send its TEST notification; answers Apple's token for checking on it.
    package func requestTest(environment: AppStoreEnvironment) async throws -> TestNotificationResult {
        let client = try AppleSide.client(runtime, environment)
        let response: SendTestNotificationResponse
        do {
            response = try await client.requestTestNotification()
        } catch {
            throw AppleSide.error(error)
        }
        guard let token = response.testNotificationToken else {
            throw StorekeeperError(.appleRefused, "Apple answered without a test notification token", kind: .upstreamFailure)
        }
        return TestNotificationResult(environment: environment.rawValue, testNotificationToken: token)
    }

    /// Apple's record of sending the TEST notification, and whether our inbox holds it.
    package func testStatus(token: String, environment: AppStoreEnvironment) async throws -> TestNotificationStatusResponse {
        let client = try AppleSide.client(runtime, environment)
        let response: CheckTestNotificationResponse
        do {
            response = try await client.getTestNotificationStatus(testNotificationToken: token)
        } catch {
            throw AppleSide.error(error)
        }
        let uuid = response.signedPayload.flatMap(NotificationHistorySweeper.notificationUUID(of:))
        var inbox: InboxNotification?
        if let uuid {
            inbox = try await store.read { try await $0.inboxNotification(id: uuid) }.flatMap { $0.appId == appId ? $0 : nil }
        }
        return TestNotificationStatusResponse(
            environment: environment.rawValue, testNotificationToken: token, notificationUUID: uuid,
            firstSendAttemptResult: response.firstSendAttemptResult?.rawValue,
            sendAttempts: (response.sendAttempts ?? []).map {
                .init(attemptDate: $0.attemptDate?.millisecondsSince1970, sendAttemptResult: $0.sendAttemptResult?.rawValue)
            },
            arrived: inbox != nil, inbox: inbox.map { InboxEntryBody(InboxPageEntry($0)) })
    }
}
