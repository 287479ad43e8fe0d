import AppStoreModels
import AppStoreSimulator
import Foundation
import Hummingbird
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Synchronization
import Testing

/// The outbox's lease on a message it is sending: short, so a crashed instance's webhooks resume
/// within 15 s on another (or the restarted) instance; renewed while the holder is alive, so a
/// delivery slower than the lease is still sent once.
@Suite struct NotificationOutboxLeaseTests {
    @Test(arguments: NotificationBackend.all)
    func aCrashedHoldersWebhooksResumeWithinFifteenSeconds(_ backend: NotificationBackend) async throws {
        try await WebhookReceiver.run(failuresPerEvent: 0) { receiver, url in
            try await NotificationHarness.run(
                backend, configure: { $0.webhooks = [.init(name: "backend", url: url, secret: "whsec-lease")] }
            ) { h in
                try await h.buy(h.customer("rosa"), account: try h.account("apple"), DemoCatalog.gems, submit: false)
                // An instance claims the event and dies before sending it (kill -9): nothing
                // records the attempt and nothing renews its lease.
                let dispatcher = try h.job(OutboxDispatcher.self)
                // The webhook events it held; the purchase's Finish Transaction, held too, is Apple's.
                let crashed = try await dispatcher.claimDue(now: h.now).filter { !$0.destination.hasPrefix(TransactionFinish.prefix) }
                #expect(!crashed.isEmpty)
                try await h.runOutbox()
                #expect(receiver.deliveries.isEmpty, "held by the crashed instance's lease")

                // 15 s after the crash at the latest, counting one job interval (5 s) for the
                // next pass to come round: the lease has run out and the event is sent.
                try await h.simulator.advance(byMilliseconds: 15_000 - 5_000)
                try await h.runOutbox()
                #expect(Set(receiver.deliveries.compactMap(\.eventId)) == Set(crashed.map { $0.id.uuidString.lowercased() }))
                for claimed in crashed {
                    let message = try #require(try await h.store.read { try await $0.outboxMessage(id: claimed.id) })
                    #expect(message.status == .delivered)
                }
            }
        }
    }

    @Test(arguments: NotificationBackend.all)
    func aDeliverySlowerThanTheLeaseIsSentOnce(_ backend: NotificationBackend) async throws {
        try await HoldingReceiver.run { receiver, url in
            try await NotificationHarness.run(
                backend, configure: { $0.webhooks = [.init(name: "backend", url: url, secret: "whsec-lease")] }
            ) { h in
                try await h.buy(h.customer("sam"), account: try h.account("apple"), DemoCatalog.gems, submit: false)
                var holder = try h.job(OutboxDispatcher.self)
                holder.leaseMilliseconds = 1_000
                holder.renewalInterval = .milliseconds(50)
                // The receiver holds the request for several seconds of wall time (more on a
                // loaded machine); this test is about leases, not the receiver's time limit.
                holder.requestTimeout = .seconds(120)
                // Another instance polling the outbox all the while (the same job, as a second
                // process would run it).
                let other = holder
                let sending = Task { try await holder.runOnce() }
                try await receiver.waitForFirstRequest()
                // The receiver holds the request while time passes: three leases' worth of
                // simulated time, in steps a fifth of the lease, the other instance polling after
                // each. Only renewals keep the message from being taken over and sent again.
                for _ in 0..<15 {
                    try await h.simulator.advance(byMilliseconds: 200)
                    try await Task.sleep(for: .milliseconds(300))
                    _ = try await other.runOnce()
                }
                receiver.release()
                _ = try await sending.value
                _ = try await other.runOnce()
                // Webhook events only: the purchase's Finish Transaction goes to Apple, not the receiver.
                let finishes = try await h.store.read {
                    try await $0.outboxMessages(
                        destination: TransactionFinish.destination(appId: h.stack.app.id), before: nil, limit: 100)
                }
                let sent = try await h.store.read { try await $0.outboxCount(status: .delivered) } - finishes.count
                #expect(sent >= 1)
                #expect(receiver.requests == sent, "\(sent) events were sent \(receiver.requests) times")
                #expect(try await h.store.read { try await $0.outboxCount(status: .pending) } == 0)
            }
        }
    }
}

/// A webhook receiver that holds the first request until `release()` and answers every other
/// at once, all with 200; it counts the requests it received.
final class HoldingReceiver: Sendable {
    private let state = Mutex<(requests: Int, released: Bool, port: Int?)>((0, false, nil))

    var requests: Int { state.withLock { $0.requests } }

    func release() { state.withLock { $0.released = true } }

    func waitForFirstRequest() async throws {
        while state.withLock({ $0.requests }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
    }

    static func run<T: Sendable>(_ body: @escaping @Sendable (HoldingReceiver, String) async throws -> T) async throws -> T {
        let receiver = HoldingReceiver()
        let router = Router()
        router.post("hooks") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 20)
            let first = receiver.state.withLock { state -> Bool in
                state.requests += 1
                return state.requests == 1
            }
            while first && !receiver.state.withLock({ $0.released }) { try await Task.sleep(for: .milliseconds(10)) }
            return Response(status: .ok)
        }
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in receiver.state.withLock { $0.port = channel.localAddress?.port } })
        let server = GracefulService(application, logger: application.logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await server.run()
                return nil
            }
            var port: Int?
            while port == nil {
                try await Task.sleep(for: .milliseconds(10))
                port = receiver.state.withLock { $0.port }
            }
            let url = "http://127.0.0.1:\(port ?? 0)/hooks"
            group.addTask { try await body(receiver, url) }
            var result: T?
            while let next = try await group.next() {
                if let value = next {
                    result = value
                    await server.stop()
                }
            }
            guard let result else { throw CancellationError() }
            return result
        }
    }
}
