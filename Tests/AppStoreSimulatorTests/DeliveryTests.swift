import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

@Suite("Notification delivery, retries and faults")
struct DeliveryTests {
    @Test(
        "a receiver answering 500 then 200 gets the same notification again one (scaled) hour later",
        arguments: [
            DurationMode.production, .accelerated,
        ])
    func retryAfterOneHour(durations: DurationMode) async throws {
        try await NotificationReceiver.run { receiver, url in
            receiver.script([.internalServerError])
            let simulator = try Fixtures.simulator(notificationURL: url, durations: durations)
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            #expect(receiver.bodies.count == 1)

            let hour = durations.interval(hours: 1)
            try await simulator.advance(byMilliseconds: hour - 1)
            #expect(receiver.bodies.count == 1, "no retry before the hour is up")
            try await simulator.advance(byMilliseconds: 1)
            try #require(receiver.bodies.count == 2)
            #expect(receiver.bodies[0] == receiver.bodies[1], "a retry carries the same signed payload")

            let record = try #require(simulator.notifications().first)
            #expect(record.sendAttempts.map(\.sendAttemptResult) == [.unsuccessfulHTTPResponseCode, .success])
            let start = Timestamp(Fixtures.start)
            #expect(record.sendAttempts.map(\.attemptDate) == [start, start.adding(milliseconds: hour)])
            #expect(record.nextAttemptDue == nil)
        }
    }

    @Test("a receiver that keeps failing gets Apple's five retries at 1, 12, 24, 48 and 72 hours")
    func fullRetrySchedule() async throws {
        let transport = ScriptedTransport()
        transport.script(Array(repeating: .unsuccessfulHTTPResponseCode, count: 10))
        let simulator = try Fixtures.simulator(
            notificationURL: "http://receiver.invalid/", durations: .production, transport: transport)
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
        try await simulator.advance(byMilliseconds: 30 * 86_400_000)
        let record = try #require(simulator.notifications().first)
        let dates = record.sendAttempts.compactMap { $0.attemptDate?.millisecondsSince1970 }
        let gaps = zip(dates.dropFirst(), dates).map { ($0 - $1) / 3_600_000 }
        #expect(gaps == [1, 12, 24, 48, 72])
        #expect(transport.bodies.count == 6)
        #expect(record.nextAttemptDue == nil, "Apple gives up after the fifth retry")
    }

    @Test("a dropped notification never arrives but is in history, with failed attempts")
    func droppedNotification() async throws {
        try await NotificationReceiver.run { receiver, url in
            let simulator = try Fixtures.simulator(notificationURL: url, durations: .production)
            simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            let dropped = try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            try await simulator.advance(byMilliseconds: 7 * 86_400_000)
            #expect(receiver.bodies.isEmpty)
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.seasonPass))
            #expect(try receiver.labels() == ["ONE_TIME_CHARGE"], "only the next one is dropped")

            let record = try #require(simulator.notifications().first)
            #expect(record.dropped && !record.wasDelivered)
            #expect(record.transactionId == dropped.transaction.transactionId)
            #expect(record.sendAttempts.count == 6)
            #expect(record.sendAttempts.allSatisfy { $0.sendAttemptResult == .noResponse })
        }
    }

    @Test("a fault with a time window applies to notifications created inside it only")
    func timeWindowFault() async throws {
        let transport = ScriptedTransport()
        let simulator = try Fixtures.simulator(notificationURL: "http://receiver.invalid/", durations: .production, transport: transport)
        simulator.addFault(NotificationFaultRule(kind: .drop, scope: .until(Timestamp(Fixtures.start).adding(milliseconds: 60_000))))
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
        try await simulator.advance(byMilliseconds: 59_999)
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
        try await simulator.advance(byMilliseconds: 1)
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
        #expect(simulator.notifications().map(\.dropped) == [true, true, false])
        #expect(transport.bodies.count == 1)
    }

    @Test("a duplicate fault delivers the same notification twice")
    func duplicatedNotification() async throws {
        try await NotificationReceiver.run { receiver, url in
            let simulator = try Fixtures.simulator(notificationURL: url)
            simulator.addFault(NotificationFaultRule(kind: .duplicate, scope: .next(1)))
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
            let received = try receiver.notifications()
            try #require(received.count == 3)
            #expect(received[0].payload.notificationUUID == received[1].payload.notificationUUID)
            #expect(received[1].payload.notificationUUID != received[2].payload.notificationUUID)
            #expect(simulator.notifications()[0].sendAttempts.map(\.sendAttemptResult) == [.success, .success])
        }
    }

    @Test("a reorder fault holds the next notifications and releases them newest first")
    func reorderedNotifications() async throws {
        try await NotificationReceiver.run { receiver, url in
            let simulator = try Fixtures.simulator(notificationURL: url)
            simulator.addFault(NotificationFaultRule(kind: .reorder, scope: .next(3)))
            var ids: [String] = []
            for _ in 0..<3 {
                try await simulator.advance(byMilliseconds: 1000)
                ids.append(try #require(try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems)).transaction.transactionId))
                if ids.count < 3 { #expect(receiver.bodies.isEmpty, "held until the batch is complete") }
            }
            let received = try receiver.notifications()
            #expect(received.compactMap { $0.transaction?.transactionId } == ids.reversed())
            let signed = received.compactMap { $0.payload.signedDate?.millisecondsSince1970 }
            #expect(signed == signed.sorted(by: >), "signedDate still tells the true order")
        }
    }

    @Test("a delay fault holds the first attempt for the given simulated time")
    func delayedNotification() async throws {
        let transport = ScriptedTransport()
        let simulator = try Fixtures.simulator(notificationURL: "http://receiver.invalid/", transport: transport)
        simulator.addFault(NotificationFaultRule(kind: .delay, scope: .next(1), delayMilliseconds: 600_000))
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
        try await simulator.advance(byMilliseconds: 599_999)
        #expect(transport.bodies.isEmpty)
        try await simulator.advance(byMilliseconds: 1)
        try #require(transport.bodies.count == 1)
        #expect(simulator.notifications()[0].sendAttempts.first?.attemptDate == Timestamp(Fixtures.start).adding(milliseconds: 600_000))
    }

    @Test("an app configured for version 1 receives Apple's V1 JSON with the unified receipt")
    func versionOneNotifications() async throws {
        try await NotificationReceiver.run { receiver, url in
            let simulator = try Fixtures.simulator(notificationURL: url, notificationVersion: .v1)
            let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly, account: Fixtures.dave))
            try await simulator.advance(byMilliseconds: 5 * 60_000)
            let bodies = try receiver.bodies.map { try JSONDecoder().decode(AppStoreServerNotificationV1.self, from: Data($0)) }
            #expect(bodies.map(\.notificationType) == [.initialBuy, .didRenew])
            let renewal = try #require(bodies.last)
            #expect(renewal.password?.isEmpty == false && renewal.bid == Fixtures.bundleId)
            #expect(renewal.environment == .sandbox)
            #expect(renewal.originalTransactionId?.value == purchase.transaction.originalTransactionId)
            let unified = try #require(renewal.unifiedReceipt)
            #expect(unified.latestReceiptInfo?.count == 2)
            #expect(unified.latestReceiptInfo?.first?.purchaseTimestamp == Timestamp(Fixtures.start).adding(milliseconds: 300_000))
            #expect(unified.pendingRenewalInfo?.first?.autoRenewStatusValue == .on)
            let receipt = try AppReceiptVerifier(trustedRoots: [Fixtures.keys.receiptChain.root])
                .verify(base64Receipt: try #require(unified.latestReceipt)).receipt
            #expect(receipt.inApp.count == 2)
        }
    }
}
