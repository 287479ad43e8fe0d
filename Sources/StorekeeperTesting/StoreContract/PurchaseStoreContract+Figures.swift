import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

extension PurchaseStoreContract {
    static let figuresCases: [StoreContractCase] = [
        StoreContractCase("figures: moves add up per bucket, across spread keys; ranges and levels read them back per app") { context in
            let store = context.store
            let march = try #require(FigureDay(iso: "2026-03-30"))
            func key(_ day: FigureDay, _ metric: FigureMetric, _ product: String, _ dimension: String = "") -> FigureKey {
                FigureKey(environment: .production, day: day, metric: metric, productId: product, dimension: dimension)
            }
            var first = FigureMoves()
            first.add(1, to: key(march.adding(days: -40), .active, "pro", "trial"))  // February
            first.add(1, to: key(march, .active, "pro", "standard"))
            first.add(-1, to: key(march, .active, "pro", "trial"))
            first.add(1, to: key(march, .new, "pro"))
            first.add(9_990, to: key(march, .revenue, "", "USD"))
            var second = FigureMoves()
            second.add(1, to: key(march.adding(days: -1), .active, "pro", "standard"))  // the same month, before `march`
            second.add(2, to: key(march, .new, "pro"))
            second.add(4_990, to: key(march, .revenue, "", "USD"))
            second.add(1, to: key(march.adding(days: 3), .active, "basic", "grace"))  // April
            var sandbox = FigureMoves()
            sandbox.add(5, to: FigureKey(environment: .sandbox, day: march, metric: .new, productId: "pro"))
            try await store.write { tx in
                try await tx.addFigures(appId: "app-a", first, spreadKey: "1000")
                try await tx.addFigures(appId: "app-a", second, spreadKey: "2000")
                try await tx.addFigures(appId: "app-a", sandbox, spreadKey: "1000")
                try await tx.addFigures(appId: "app-b", first, spreadKey: "1000")
                try await tx.addFigures(appId: "app-a", FigureMoves(), spreadKey: "3000")
            }
            let totals = try await store.read { try await $0.figureTotals(appId: "app-a", environment: .production, days: march...march) }
            func value(_ metric: FigureMetric, _ product: String, _ dimension: String) -> Int64? {
                totals.first { $0.metric == metric && $0.productId == product && $0.dimension == dimension }?.value
            }
            #expect(totals.allSatisfy { $0.day == march })
            #expect(value(.new, "pro", "") == 3)
            #expect(value(.revenue, "", "USD") == 14_980)
            #expect(value(.active, "pro", "standard") == 1)
            #expect(value(.active, "pro", "trial") == -1)
            #expect(totals.count == 4)
            // Before `march`: February's month sum plus the days of March before it.
            let levels = try await store.read { try await $0.activeLevels(appId: "app-a", environment: .production, before: march) }
            #expect(Set(levels.map { "\($0.productId)/\($0.dimension)=\($0.value)" }) == ["pro/trial=1", "pro/standard=1"])
            #expect(levels.allSatisfy { $0.day == march.adding(days: -1) && $0.metric == .active })
            let april = try await store.read {
                try await $0.activeLevels(appId: "app-a", environment: .production, before: march.adding(days: 4))
            }
            #expect(
                Set(april.filter { $0.value != 0 }.map { "\($0.productId)/\($0.dimension)=\($0.value)" }) == [
                    "pro/standard=2", "basic/grace=1",
                ])
            let sandboxTotals = try await store.read {
                try await $0.figureTotals(appId: "app-a", environment: .sandbox, days: march...march)
            }
            #expect(sandboxTotals.map(\.value) == [5])
            // Another app's figures are its own, and clearing one app leaves the other.
            try await store.write { try await $0.clearFigures(appId: "app-a") }
            #expect(
                try await store.read { try await $0.figureTotals(appId: "app-a", environment: .production, days: march...march) }.isEmpty)
            #expect(try await store.read { try await $0.activeLevels(appId: "app-a", environment: .production, before: march) }.isEmpty)
            let other = try await store.read { try await $0.figureTotals(appId: "app-b", environment: .production, days: march...march) }
            #expect(other.count == 4)
        },
        StoreContractCase("figures: folding closed days keeps every sum and level; a second fold finds nothing") { context in
            let store = context.store
            let today = try #require(FigureDay(iso: "2026-03-30"))
            var moves = FigureMoves()
            for offset in 0..<4 {
                let day = today.adding(days: -offset)
                moves.add(1, to: FigureKey(environment: .production, day: day, metric: .new, productId: "pro", dimension: ""))
                moves.add(1, to: FigureKey(environment: .production, day: day, metric: .active, productId: "pro", dimension: "trial"))
            }
            try await store.write { tx in
                for key in (0..<8).map({ "original-\($0)" }) { try await tx.addFigures(appId: "app-a", moves, spreadKey: key) }
            }
            let range = today.adding(days: -3)...today
            let totals = try await store.read { try await $0.figureTotals(appId: "app-a", environment: .production, days: range) }
            let levels = try await store.read { try await $0.activeLevels(appId: "app-a", environment: .production, before: today) }
            let folded = try await store.write { try await $0.foldFigureSlots(before: today.adding(days: -1), limit: 10) }
            #expect((0...2).contains(folded))
            #expect(try await store.write { try await $0.foldFigureSlots(before: today.adding(days: -1), limit: 10) } == 0)
            #expect(
                Set(try await store.read { try await $0.figureTotals(appId: "app-a", environment: .production, days: range) })
                    == Set(totals))
            #expect(
                Set(try await store.read { try await $0.activeLevels(appId: "app-a", environment: .production, before: today) })
                    == Set(levels))
            #expect(totals.filter { $0.metric == .new }.map(\.value) == [8, 8, 8, 8])
            await #expect(throws: (any Error).self) {
                try await store.write { try await $0.foldFigureSlots(before: today, limit: -1) }
            }
        },
        StoreContractCase("figures: refunds page newest first per app, within a range, and are replaced and removed") { context in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            func refund(
                _ id: String, at offset: Int64, app: String = "app-a", environment: AppStoreEnvironment = .production
            ) -> RefundRecord {
                RefundRecord(
                    appId: app, environment: environment, transactionId: id, originalTransactionId: "o-" + id, customerId: alice,
                    productId: "gems", productType: .consumable, kind: .refunded, reason: .appIssue, revokedAt: StoreFixtures.at(offset),
                    purchaseDate: StoreFixtures.at(0), price: 990, currency: "USD", quantity: 2)
            }
            try await store.write { tx in
                for record in [
                    refund("t1", at: 100), refund("t2", at: 200), refund("t3", at: 200), refund("t4", at: 300),
                    refund("t2", at: 200, environment: .sandbox), refund("x1", at: 250, app: "app-b"),
                ] {
                    try await tx.saveRefund(record)
                }
            }
            let all = try await store.read { try await $0.refunds(appId: "app-a", revokedIn: nil, before: nil, limit: 10) }
            #expect(
                all.map { "\($0.environment.rawValue):\($0.transactionId)" } == [
                    "Production:t4", "Sandbox:t2", "Production:t3", "Production:t2", "Production:t1",
                ])
            #expect(all.last == refund("t1", at: 100))
            let page = try await store.read { try await $0.refunds(appId: "app-a", revokedIn: nil, before: nil, limit: 2) }
            let rest = try await store.read {
                try await $0.refunds(appId: "app-a", revokedIn: nil, before: RefundCursor(try #require(page.last)), limit: 10)
            }
            #expect((page + rest).map(\.transactionId) == all.map(\.transactionId))
            let window = try await store.read {
                try await $0.refunds(appId: "app-a", revokedIn: StoreFixtures.at(200)..<StoreFixtures.at(300), before: nil, limit: 10)
            }
            #expect(window.map { "\($0.environment.rawValue):\($0.transactionId)" } == ["Sandbox:t2", "Production:t3", "Production:t2"])
            var moved = refund("t4", at: 50)
            moved.kind = .familySharingRevoked
            try await store.write { tx in
                try await tx.saveRefund(moved)
                try await tx.removeRefund(environment: .production, transactionId: "t3")
                try await tx.removeRefund(environment: .production, transactionId: "never")
            }
            let after = try await store.read { try await $0.refunds(appId: "app-a", revokedIn: nil, before: nil, limit: 10) }
            #expect(after.map(\.transactionId) == ["t2", "t2", "t1", "t4"])
            #expect(after.last?.kind == .familySharingRevoked)
            await #expect(throws: (any Error).self) {
                try await store.read { try await $0.refunds(appId: "app-a", revokedIn: nil, before: nil, limit: -1) }
            }
        },
        StoreContractCase("figures: outbox by destination newest first; backlogs and lags per app") { context in
            let store = context.store
            func message(
                _ destination: String, createdAt: Int64, status: OutboxMessage.Status = .pending, next: Int64? = nil
            ) -> OutboxMessage {
                OutboxMessage(
                    destination: destination, kind: "k", customerId: nil, payload: Data("{}".utf8), createdAt: StoreFixtures.at(createdAt),
                    nextAttemptAt: StoreFixtures.at(next ?? createdAt), status: status)
            }
            let apple = OperationsFigures.appleDestination(appId: "app-a")
            let answers = [
                message(apple, createdAt: 10), message(apple, createdAt: 30, status: .delivered),
                message(apple, createdAt: 20, status: .failed, next: 900),
            ]
            let webhook = message("app:app-a:webhook:backend", createdAt: 5)
            let foreign = message("app:app-b:webhook:backend", createdAt: 1)
            func inbox(
                _ id: String, app: String, status: InboxNotification.Status, received: Int64, signed: Int64, processed: Int64? = nil
            ) -> InboxNotification {
                InboxNotification(
                    id: id, appId: app, version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(received), status: status,
                    signedDate: StoreFixtures.at(signed), processedAt: processed.map(StoreFixtures.at))
            }
            try await store.write { tx in
                for outbox in answers + [webhook, foreign] { try await tx.enqueueOutbox(outbox) }
                for entry in [
                    inbox("n1", app: "app-a", status: .processed, received: 1_000, signed: 900, processed: 1_010),
                    inbox("n2", app: "app-a", status: .processed, received: 2_000, signed: 1_700, processed: 2_050),
                    inbox("n3", app: "app-a", status: .received, received: 3_000, signed: 2_990),
                    inbox("n4", app: "app-a", status: .failed, received: 2_500, signed: 2_400),
                    inbox("n5", app: "app-a", status: .rejected, received: 2_600, signed: 2_600),
                    inbox("n6", app: "app-b", status: .received, received: 100, signed: 100),
                    inbox("n7", app: "app-a", status: .processed, received: 10, signed: 0, processed: 20),
                ] {
                    _ = try await tx.insertInbox(entry)
                }
            }
            let listed = try await store.read { try await $0.outboxMessages(destination: apple, before: nil, limit: 10) }
            #expect(listed.map(\.createdAt) == [30, 20, 10].map(StoreFixtures.at))
            // Paging through the cursor, two answers queued in one millisecond included.
            var tied = message(apple, createdAt: 20, status: .delivered)
            tied.id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!  // a constant, valid
            try await store.write { try await $0.enqueueOutbox(tied) }
            var paged: [OutboxMessage] = []
            var cursor: OutboxCursor?
            repeat {
                let page = try await store.read { try await $0.outboxMessages(destination: apple, before: cursor, limit: 1) }
                paged += page
                cursor = page.last.map(OutboxCursor.init)
            } while cursor != nil
            #expect(paged.map(\.createdAt) == [30, 20, 20, 10].map(StoreFixtures.at))
            #expect(Set(paged.map(\.id)).count == 4)
            let figures = try await store.read {
                try await $0.operationsFigures(appId: "app-a", since: StoreFixtures.at(500), now: StoreFixtures.at(5_000))
            }
            #expect(figures.inboxReceived == 1)
            #expect(figures.inboxFailed == 1)
            #expect(figures.oldestWaitingReceivedAt == StoreFixtures.at(2_500))
            #expect(figures.inboxRejectedSince == 1)
            #expect(figures.processedSince == 2)
            #expect(figures.lastProcessedAt == StoreFixtures.at(2_050))
            #expect(figures.averageDeliveryDelay == 200)
            #expect(figures.maximumDeliveryDelay == 300)
            #expect(figures.averageProcessingDelay == 30)
            #expect(figures.maximumProcessingDelay == 50)
            #expect(figures.outboxPending == 2)
            #expect(figures.oldestOutboxPendingAt == StoreFixtures.at(5))
            #expect(figures.outboxFailedSince == 1)
            #expect(figures.appleOutboxPending == 1)
            #expect(figures.appleOutboxFailedSince == 1)
            let quiet = try await store.read {
                try await $0.operationsFigures(appId: "app-c", since: StoreFixtures.at(0), now: StoreFixtures.at(10))
            }
            #expect(quiet == OperationsFigures())
        },
        StoreContractCase("figures: subscriptions and transactions are walked in key order, a page at a time") { context in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            try await store.write { tx in
                for (environment, id) in [(AppStoreEnvironment.sandbox, "s2"), (.production, "s3"), (.production, "s1")] {
                    try await tx.saveSubscription(StoreFixtures.subscription(id, customer: alice, expiresAt: 10, environment: environment))
                    _ = try await tx.upsertTransaction(
                        StoreFixtures.transaction(id, environment: environment), customerId: alice, orderId: nil)
                }
            }
            let first = try await store.read { try await $0.subscriptionsPage(after: nil, limit: 2) }
            #expect(first.map(\.originalTransactionId) == ["s1", "s3"])
            let next = try await store.read {
                try await $0.subscriptionsPage(after: PurchaseLock(environment: .production, originalTransactionId: "s3"), limit: 2)
            }
            #expect(next.map(\.originalTransactionId) == ["s2"])
            let transactions = try await store.read { try await $0.transactionsPage(after: nil, limit: 10) }
            #expect(transactions.map(\.transaction.transactionId) == ["s1", "s3", "s2"])
            let afterFirst = try await store.read { try await $0.transactionsPage(after: (.production, "s1"), limit: 10) }
            #expect(afterFirst.map(\.transaction.transactionId) == ["s3", "s2"])
        },
    ]
}
