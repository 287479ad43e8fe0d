package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// The refunds and consumption-requests views of one app: refunds as the
/// write path recorded them (``OverviewRollup``) with the wallet entries the refund booked, and
/// Apple's CONSUMPTION_REQUESTs: the answers queued in the outbox and those left unanswered.
package struct RefundService: Sendable {
    package let store: any PurchaseStore
    package let app: AppConfiguration
    package let now: any WallClock

    package init(
        store: any PurchaseStore, app: AppConfiguration, now: any WallClock
    ) {
        self.store = store
        self.app = app
        self.now = now
    }

    /// Page sizes: the default and the most one page may hold.
    package static let defaultLimit = 50
    package static let maximumLimit = 200

    /// Refunds revoked on the days `from`...`to` (UTC, both optional), newest first.
    package func refunds(from: FigureDay?, to: FigureDay?, before: RefundCursor?, limit: Int) async throws -> RefundsResponse {
        let lower = from?.start ?? Timestamp(millisecondsSince1970: .min)
        let upper = to?.adding(days: 1).start ?? Timestamp(millisecondsSince1970: .max)
        guard lower <= upper else { throw StorekeeperError.invalidRequest("from must not be after to") }
        return try await store.read { reader in
            // One more than asked: whether a next page exists.
            let records = try await reader.refunds(appId: app.id, revokedIn: lower..<upper, before: before, limit: limit + 1)
            var bodies: [RefundBody] = []
            for record in records.prefix(limit) {
                bodies.append(try await body(record, in: reader))
            }
            let next = records.count > limit ? records.prefix(limit).last.map { RefundCursor($0).token } : nil
            return RefundsResponse(refunds: bodies, nextCursor: next)
        }
    }

    private func body(_ record: RefundRecord, in reader: any LedgerStoreReader) async throws -> RefundBody {
        var wallet: [RefundBody.Wallet] = []
        for currency in app.catalog[record.productId]?.currencies.keys.sorted() ?? [] {
            let clawbackKey = "clawback:\(record.environment.rawValue):\(record.transactionId):\(currency)"
            guard let clawback = try await reader.journalEntry(key: clawbackKey) else { continue }
            let restored = try await reader.journalEntry(key: "restore:" + clawbackKey.dropFirst("clawback:".count)) != nil
            let balance = try await reader.balance(.customer(clawback.customerId, currency))
            let refunded = clawback.postings.filter { $0.account == .issued(currency) }.reduce(0) { $0 + $1.amount }
            let uncollected = -clawback.postings.filter { $0.account == .loss(currency) }.reduce(0) { $0 + $1.amount }
            wallet.append(
                RefundBody.Wallet(
                    currency: currency, refunded: refunded, collected: -clawback.customerDelta, uncollected: uncollected,
                    restored: restored, balance: balance, debt: max(0, -balance)))
        }
        return RefundBody(
            environment: record.environment.rawValue, transactionId: record.transactionId,
            originalTransactionId: record.originalTransactionId, customerId: record.customerId.rawValue, productId: record.productId,
            productType: record.productType?.rawValue, kind: record.kind.rawValue, revocationReason: record.reason?.rawValue,
            revokedAt: record.revokedAt.millisecondsSince1970, purchaseDate: record.purchaseDate.millisecondsSince1970, price: record.price,
            currency: record.currency,
            quantity: record.quantity, wallet: wallet)
    }

    /// The app's CONSUMPTION_REQUESTs, newest first, after the cursor `before`: the answers
    /// queued in the outbox and the requests left unanswered for want of consent, merged by when
    /// Storekeeper decided (both sources page by `(createdAt, id)`, so one cursor continues both).
    package func consumptionRequests(before: OutboxCursor?, limit: Int) async throws -> ConsumptionRequestsResponse {
        let now = now()
        let (messages, refusals) = try await store.read { reader in
            (
                try await reader.outboxMessages(
                    destination: ConsumptionResponder.destination(appId: app.id), before: before, limit: limit + 1),
                try await reader.consumptionRefusals(appId: app.id, before: before, limit: limit + 1)
            )
        }
        let answered = try messages.map { (cursor: OutboxCursor($0), body: try Self.answered($0, now: now)) }
        let refused = refusals.map {
            (cursor: OutboxCursor(createdAt: $0.createdAt, id: $0.id), body: Self.refused($0, now: now))
        }
        // Newest first: later `createdAt`, then the greater id (as the stores order their text).
        let merged = (answered + refused).sorted { a, b in
            a.cursor.createdAt != b.cursor.createdAt
                ? a.cursor.createdAt > b.cursor.createdAt
                : Self.idText(b.cursor.id).precedesInByteOrder(Self.idText(a.cursor.id))
        }
        let page = merged.prefix(limit)
        let next = merged.count > limit ? page.last.map { $0.cursor.token } : nil
        return ConsumptionRequestsResponse(consumptionRequests: page.map(\.body), nextCursor: next)
    }

    package static func answered(_ message: OutboxMessage, now: Timestamp) throws -> ConsumptionRequestBody {
        let sent: ConsumptionResponder.Message
        do {
            sent = try JSONCoding.decode(ConsumptionResponder.Message.self, from: message.payload)
        } catch {
            throw StorekeeperError(
                .internalError, "stored consumption answer \(message.id) is unreadable", kind: .internalFailure, underlying: error)
        }
        let pending = message.status == .pending
        return ConsumptionRequestBody(
            id: message.id, environment: sent.environment, transactionId: sent.transactionId,
            customerId: message.customerId?.rawValue, requestedAt: sent.requestedAt.millisecondsSince1970,
            deadline: message.deadline?.millisecondsSince1970, decidedAt: message.createdAt.millisecondsSince1970,
            queuedAt: message.createdAt.millisecondsSince1970, status: message.status.rawValue, notSentReason: nil,
            attempts: message.attempts, lastError: message.lastError, deliveredAt: message.deliveredAt?.millisecondsSince1970,
            timeLeft: pending ? message.deadline.map { timeLeft(until: $0, now: now) } : nil,
            answeredInTime: pending
                ? nil : message.deliveredAt.map { delivered in message.deadline.map { delivered <= $0 } ?? true } ?? false,
            answer: ConsumptionAnswer(sent.current))
    }

    /// A request left unanswered: status `notSent`, why, and the time left in Apple's window
    /// (an answer is only possible within it, with the customer's consent).
    package static func refused(_ refusal: ConsumptionRefusal, now: Timestamp) -> ConsumptionRequestBody {
        ConsumptionRequestBody(
            id: refusal.id, environment: refusal.environment.rawValue, transactionId: refusal.transactionId,
            customerId: refusal.customerId?.rawValue, requestedAt: refusal.requestedAt.millisecondsSince1970,
            deadline: refusal.deadline.millisecondsSince1970, decidedAt: refusal.createdAt.millisecondsSince1970, queuedAt: nil,
            status: ConsumptionRequestBody.notSent, notSentReason: refusal.reason,
            attempts: 0, lastError: nil, deliveredAt: nil, timeLeft: timeLeft(until: refusal.deadline, now: now),
            answeredInTime: nil, answer: nil)
    }

    /// An id as the stores keep and order it: lowercase text, compared by bytes.
    private static func idText(_ id: UUID) -> String { id.lowercasedString }

    /// Milliseconds from `now` to `deadline`, 0 once it passed.
    package static func timeLeft(until deadline: Timestamp, now: Timestamp) -> Int64 {
        max(0, deadline.millisecondsSince1970 - now.millisecondsSince1970)
    }
}
