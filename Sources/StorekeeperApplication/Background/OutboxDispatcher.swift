public import AppStoreModels
package import AsyncHTTPClient
import Crypto
package import Foundation
package import Logging
package import NIOCore
import NIOFoundationCompat
import NIOHTTP1
package import Storekeeper
package import StorekeeperStore

/// Sends what the outbox holds after commit: events to the app's backend (signed webhooks),
/// consumption answers to Apple, app account tokens to Apple (``AppAccountTokenUpdate``), finished
/// transactions to Apple (``TransactionFinish``), and
/// requests for Apple's record of upgraded-away transactions. Messages are claimed with a lease, so several instances never
/// send one at once; failures retry with exponential backoff until the message's deadline; the
/// message id is the same on every attempt, so receivers can deduplicate. What Apple refuses for
/// the transaction itself (``AppleRefusal``) is recorded as skipped and not retried.
public struct OutboxDispatcher: PeriodicJob {
    /// Sends consumption information to Apple for one app.
    public protocol ConsumptionSending: Sendable {
        func sendConsumption(
            _ body: ConsumptionRequest, environment: AppStoreEnvironment, transactionId: String
        ) async throws
    }

    /// Fetches a transaction's current record from Apple and applies it, for one app
    /// (``UpgradeConfirmation``).
    public protocol TransactionConfirming: Sendable {
        func confirmTransaction(environment: AppStoreEnvironment, transactionId: String) async throws
    }

    package let store: any PurchaseStore
    package let instance: String
    /// Each app's webhooks; a message's webhook is looked up only within its own app's.
    package let webhooks: AppWebhooks
    /// Consumption senders by app id.
    package let consumption: [String: any ConsumptionSending]
    /// Transaction confirmers by app id.
    package let confirmations: [String: any TransactionConfirming]
    /// App account token setters by app id.
    package let accountTokens: [String: any AppAccountTokenSetting]
    /// Transaction finishers by app id.
    package let finishes: [String: any TransactionFinishing]
    package let httpClient: HTTPClient
    package let metrics: StorekeeperMetrics
    package let now: any WallClock
    package let logger: Logger
    /// The real time webhook signatures carry (`t=`): receivers compare it with their own clock.
    package var signatureClock: (any WallClock)?
    package let batch = 20
    /// How long a claim lasts, unless its holder renews it, before another instance may take the
    /// message over: a crashed instance's messages resume this long after its last renewal
    /// (plus up to one job interval).
    package var leaseMilliseconds: Int64 = Self.defaultLeaseMilliseconds
    /// How often the holder renews the leases of the messages it claimed and has not recorded
    /// yet, while it sends: well inside the lease, so a live holder never loses one.
    package var renewalInterval: Duration = .milliseconds(2_500)
    /// Short enough that a dead instance's messages resume within 15 s with a 5 s job interval.
    package static let defaultLeaseMilliseconds: Int64 = 8_000
    /// How long a webhook receiver may take to answer before the attempt counts as failed.
    package var requestTimeout: TimeAmount = .seconds(10)

    package init(
        store: any PurchaseStore, instance: String, webhooks: AppWebhooks, consumption: [String: any ConsumptionSending],
        confirmations: [String: any TransactionConfirming], accountTokens: [String: any AppAccountTokenSetting] = [:],
        finishes: [String: any TransactionFinishing] = [:], httpClient: HTTPClient, metrics: StorekeeperMetrics, now: any WallClock,
        logger: Logger, signatureClock: (any WallClock)? = nil, leaseMilliseconds: Int64 = Self.defaultLeaseMilliseconds,
        renewalInterval: Duration = .milliseconds(2_500), requestTimeout: TimeAmount = .seconds(10)
    ) {
        self.store = store
        self.instance = instance
        self.webhooks = webhooks
        self.consumption = consumption
        self.confirmations = confirmations
        self.accountTokens = accountTokens
        self.finishes = finishes
        self.httpClient = httpClient
        self.metrics = metrics
        self.now = now
        self.logger = logger
        self.signatureClock = signatureClock
        self.leaseMilliseconds = leaseMilliseconds
        self.renewalInterval = renewalInterval
        self.requestTimeout = requestTimeout
    }

    public var name: String { "outbox" }
    package static let consumptionPrefix = "apple:consumption:"

    public func runOnce() async throws -> Bool {
        let now = now()
        let claimed = try await claimDue(now: now)
        let leases = OutboxLeases(
            claimed: claimed, store: store, owner: instance, lease: leaseMilliseconds, interval: renewalInterval, now: self.now,
            logger: logger)
        for message in claimed {
            await deliver(message, now: now, leases: leases)
        }
        metrics.outboxBacklog(try await store.read { try await $0.outboxCount(status: .pending) })
        return claimed.count == batch
    }

    /// Claims the messages due at `now` that this instance can deliver, leased to it for
    /// ``leaseMilliseconds``.
    package func claimDue(now: Timestamp) async throws -> [OutboxMessage] {
        // Only what this instance can deliver: another instance's configuration may know more.
        let destinations =
            webhooks.destinations + consumption.keys.sorted().map { Self.consumptionPrefix + $0 }
            + confirmations.keys.sorted().map { UpgradeConfirmation.destination(appId: $0) }
            + accountTokens.keys.sorted().map { AppAccountTokenUpdate.destination(appId: $0) }
            + finishes.keys.sorted().map { TransactionFinish.destination(appId: $0) }
        return try await store.write { tx in
            try await tx.claimOutbox(
                now: now, lease: leaseMilliseconds, owner: instance, limit: batch, destinations: destinations)
        }
    }

    private func deliver(_ message: OutboxMessage, now: Timestamp, leases: OutboxLeases) async {
        var updated = message
        updated.attempts += 1
        updated.leaseOwner = nil
        updated.leaseUntil = nil
        // A webhook event is tried at least once: its deadline bounds retries to a failing
        // backend, and an event never tried (the clock jumped past its deadline, as when a
        // simulator the server follows is advanced a month) is still news to the app's backend.
        // A consumption answer past Apple's deadline is pointless: it is given up untried.
        let triedOrTimely = message.attempts > 0 || message.destination.hasPrefix(Self.consumptionPrefix)
        if let deadline = message.deadline, now >= deadline, triedOrTimely {
            updated.status = .failed
            updated.lastError = "deadline passed before delivery"
            if message.destination.hasPrefix(Self.consumptionPrefix) {
                metrics.consumptionAnswered(
                    outcome: "expired", latency: .milliseconds(now.millisecondsSince1970 - message.createdAt.millisecondsSince1970))
            }
            await save(updated, claim: message, leases: leases)
            return
        }
        // The batch's leases are renewed while this message is in flight (a slow receiver
        // must not let another instance send it, or the rest of the batch, a second time).
        let outcome: Result<Void, any Error> = await leases.whileRenewing {
            do {
                return .success(try await send(message, now: now))
            } catch {
                return .failure(error)
            }
        }
        do {
            try outcome.get()
            updated.status = .delivered
            updated.deliveredAt = now
            updated.lastError = nil
        } catch  where Self.refusal(of: message, error) != nil {
            // Apple refuses this transaction here every time: recorded, never retried.
            let refusal = Self.refusal(of: message, error)
            updated.status = .skipped
            updated.lastError = "skipped: " + (refusal ?? "")
            if message.destination.hasPrefix(Self.consumptionPrefix) {
                metrics.consumptionAnswered(
                    outcome: "skipped", latency: .milliseconds(now.millisecondsSince1970 - message.createdAt.millisecondsSince1970))
            }
            await save(
                updated, claim: message, leases: leases,
                audit: Self.appleOutcome(updated, status: .skipped, refusal: refusal, at: now))
            return
        } catch {
            updated.lastError = String(describing: error)
            // 10 s, 20 s, 40 s ... capped at an hour, with ±20 % jitter.
            let base = min(Int64(10_000) << Int64(min(message.attempts, 12)), 3_600_000)
            let jitter = Int64.random(in: -(base / 5)...(base / 5))
            updated.nextAttemptAt = now.adding(milliseconds: base + jitter)
            logger.info(
                "outbox delivery failed", metadata: ["storekeeper.destination": "\(message.destination)", "storekeeper.error": "\(error)"])
        }
        await save(
            updated, claim: message, leases: leases,
            audit: Self.appleOutcome(updated, status: updated.status, refusal: nil, at: now))
    }

    /// Records the attempt unless the claim was lost meanwhile (the lease ran out and another
    /// instance took the message over: its outcome stands).
    private func save(_ message: OutboxMessage, claim: OutboxMessage, leases: OutboxLeases, audit: AuditEvent? = nil) async {
        let leaseUntil = leases.leaseUntil(claim.id)
        leases.release(claim.id)
        do {
            guard let leaseUntil,
                try await store.write({ tx in
                    guard try await tx.updateOutbox(message, claimedBy: instance, leaseUntil: leaseUntil) else { return false }
                    if let audit { try await tx.append(audit) }
                    return true
                })
            else {
                logger.notice(
                    "outbox lease lost before the attempt was recorded; the message's new holder decides",
                    metadata: ["storekeeper.destination": "\(message.destination)", "storekeeper.message": "\(message.id)"])
                return
            }
        } catch {
            // The lease expires and the message is retried; delivery is at-least-once.
            logger.warning("could not record outbox delivery", metadata: ["storekeeper.error": "\(error)"])
        }
    }

    package struct DeliveryError: Error, CustomStringConvertible {
        package var description: String
    }

    private func send(_ message: OutboxMessage, now: Timestamp) async throws {
        if message.destination.hasPrefix(Self.consumptionPrefix) {
            guard let consumption = consumption[String(message.destination.dropFirst(Self.consumptionPrefix.count))] else {
                throw DeliveryError(description: "no App Store Server API key configured for this app")
            }
            let answer = try JSONCoding.decode(ConsumptionResponder.Message.self, from: message.payload)
            try await consumption.sendConsumption(
                answer.current, environment: AppStoreEnvironment(rawValue: answer.environment), transactionId: answer.transactionId)
            metrics.consumptionAnswered(
                outcome: "sent", latency: .milliseconds(now.millisecondsSince1970 - answer.requestedAt.millisecondsSince1970))
            return
        }
        if message.destination.hasPrefix(UpgradeConfirmation.prefix) {
            guard let confirmer = confirmations[String(message.destination.dropFirst(UpgradeConfirmation.prefix.count))] else {
                throw DeliveryError(description: "no App Store Server API key configured for this app")
            }
            let request = try JSONCoding.decode(UpgradeConfirmation.Message.self, from: message.payload)
            try await confirmer.confirmTransaction(
                environment: AppStoreEnvironment(rawValue: request.environment), transactionId: request.transactionId)
            return
        }
        if message.destination.hasPrefix(AppAccountTokenUpdate.prefix) {
            guard let setter = accountTokens[String(message.destination.dropFirst(AppAccountTokenUpdate.prefix.count))] else {
                throw DeliveryError(description: "no App Store Server API key configured for this app")
            }
            let update = try JSONCoding.decode(AppAccountTokenUpdate.self, from: message.payload)
            try await setter.setAppAccountToken(
                update.appAccountToken, environment: AppStoreEnvironment(rawValue: update.environment),
                originalTransactionId: update.originalTransactionId)
            return
        }
        if message.destination.hasPrefix(TransactionFinish.prefix) {
            guard let finisher = finishes[String(message.destination.dropFirst(TransactionFinish.prefix.count))] else {
                throw DeliveryError(description: "no App Store Server API key configured for this app")
            }
            let finish = try JSONCoding.decode(TransactionFinish.self, from: message.payload)
            try await finisher.finishTransaction(
                environment: AppStoreEnvironment(rawValue: finish.environment), transactionId: finish.transactionId)
            return
        }
        guard let destination = WebhookDestination(of: message) else {
            throw DeliveryError(description: "unknown destination \(message.destination)")
        }
        guard let webhook = webhooks.webhook(destination) else {
            throw DeliveryError(description: "app \(destination.appId) has no webhook \(destination.name)")
        }
        var request = HTTPClientRequest(url: webhook.url)
        request.method = .POST
        let timestamp = String((signatureClock?.timestamp ?? now).millisecondsSince1970 / 1000)
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Storekeeper-Event-Id", value: message.id.lowercasedString)
        request.headers.add(name: "Storekeeper-Event-Type", value: message.kind)
        request.headers.add(
            name: "Storekeeper-Signature", value: Self.signature(payload: message.payload, timestamp: timestamp, secret: webhook.secret))
        request.body = .bytes(ByteBuffer(data: message.payload))
        let response = try await httpClient.execute(request, timeout: requestTimeout)
        _ = try? await response.body.collect(upTo: 64 * 1024)
        guard (200..<300).contains(response.status.code) else {
            throw DeliveryError(description: "webhook answered HTTP \(response.status.code)")
        }
    }

    /// `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: receivers recompute it and
    /// reject stale timestamps, so a captured request cannot be replayed later.
    package static func signature(payload: Data, timestamp: String, secret: String) -> String {
        var signed = Data(timestamp.utf8)
        signed.append(UInt8(ascii: "."))
        signed.append(payload)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=" + mac.lowercaseHex
    }
}
