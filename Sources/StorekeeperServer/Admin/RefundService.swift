import AppStoreModels
import Foundation
import Storekeeper

/// The refunds and consumption-requests views of one app (issue #17, item 6): refunds as the
/// write path recorded them (``OverviewRollup``) with the wallet entries the refund booked, and
/// the answers to Apple's CONSUMPTION_REQUESTs as queued in the outbox.
struct RefundService: Sendable {
    let store: any PurchaseStore
    let app: AppConfiguration
    let now: any WallClock

    /// Page sizes: the default and the most one page may hold.
    static let defaultLimit = 50
    static let maximumLimit = 200

    /// Refunds revoked on the days `from`...`to` (UTC, both optional), newest first.
    func refunds(from: FigureDay?, to: FigureDay?, before: RefundCursor?, limit: Int) async throws -> RefundsResponse {
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

    private func body(_ record: RefundRecord, in reader: any PurchaseStoreReader) async throws -> RefundBody {
        var wallet: [RefundWalletBody] = []
        for currency in app.catalog[record.productId]?.currencies.keys.sorted() ?? [] {
            let clawbackKey = "clawback:\(record.environment.rawValue):\(record.transactionId):\(currency)"
            guard let clawback = try await reader.journalEntry(key: clawbackKey) else { continue }
            let restored = try await reader.journalEntry(key: "restore:" + clawbackKey.dropFirst("clawback:".count)) != nil
            let balance = try await reader.balance(.customer(clawback.customerId, currency))
            let refunded = clawback.postings.filter { $0.account == .issued(currency) }.reduce(0) { $0 + $1.amount }
            let uncollected = -clawback.postings.filter { $0.account == .loss(currency) }.reduce(0) { $0 + $1.amount }
            wallet.append(
                RefundWalletBody(
                    currency: currency, refunded: refunded, collected: -clawback.customerDelta, uncollected: uncollected,
                    restored: restored, balance: balance, debt: max(0, -balance)))
        }
        return RefundBody(
            environment: record.environment.rawValue, transactionId: record.transactionId,
            originalTransactionId: record.originalTransactionId, customerId: record.customerId, productId: record.productId,
            productType: record.productType?.rawValue, kind: record.kind.rawValue, revocationReason: record.reason?.rawValue,
            revokedAt: record.revokedAt, purchaseDate: record.purchaseDate, price: record.price, currency: record.currency,
            quantity: record.quantity, wallet: wallet)
    }

    /// The app's consumption answers, newest first, after the cursor `before`.
    func consumptionRequests(before: OutboxCursor?, limit: Int) async throws -> ConsumptionRequestsResponse {
        let now = now()
        let messages = try await store.read {
            try await $0.outboxMessages(
                destination: ConsumptionResponder.destination(appId: app.id), before: before, limit: limit + 1)
        }
        var bodies: [ConsumptionRequestBody] = []
        for message in messages.prefix(limit) {
            let sent: ConsumptionResponder.Message
            do {
                sent = try JSONCoding.decode(ConsumptionResponder.Message.self, from: message.payload)
            } catch {
                throw StorekeeperError(
                    .internalError, "stored consumption answer \(message.id) is unreadable", status: .internalServerError, underlying: error
                )
            }
            let pending = message.status == .pending
            bodies.append(
                ConsumptionRequestBody(
                    id: message.id, environment: sent.environment, transactionId: sent.transactionId, customerId: message.customerId,
                    requestedAt: sent.requestedAt, deadline: message.deadline, queuedAt: message.createdAt, status: message.status.rawValue,
                    attempts: message.attempts, lastError: message.lastError, deliveredAt: message.deliveredAt,
                    timeLeft: pending ? message.deadline.map { max(0, $0.millisecondsSince1970 - now.millisecondsSince1970) } : nil,
                    answeredInTime: pending
                        ? nil : message.deliveredAt.map { delivered in message.deadline.map { delivered <= $0 } ?? true } ?? false,
                    answer: sent.current))
        }
        let next = messages.count > limit ? messages.prefix(limit).last.map { OutboxCursor($0).token } : nil
        return ConsumptionRequestsResponse(consumptionRequests: bodies, nextCursor: next)
    }
}
