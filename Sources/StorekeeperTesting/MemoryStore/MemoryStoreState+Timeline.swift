import AppStoreModels
import Foundation
import Storekeeper

/// A customer's timeline sources (`SQLStore+Timeline`), newest first, cut at a bound.
extension MemoryStoreState {
    /// `created_at DESC, seq DESC`.
    func timelineAudit(
        customerId: CustomerID, appId: String, before: TimelineBound?, actors: TimelineActors, limit: Int
    ) throws -> [SequencedAuditEvent] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue, appId)
        let rows = audit.filter { row in
            guard row.event.customerId == customerId, row.event.appId == nil || row.event.appId == appId else { return false }
            let byOperator = row.event.actor.rawValue.hasPrefix(TimelineActors.operatorPrefix)
            switch actors {
            case .all: break
            case .operators: guard byOperator else { return false }
            case .others: guard !byOperator else { return false }
            }
            return before?.admits(row.event.createdAt, String(row.seq), numericFirst: true) ?? true
        }.sorted {
            Self.ordered($1, $0, by: [{ Self.compare($0.event.createdAt, $1.event.createdAt) }, { Self.compare($0.seq, $1.seq) }])
        }
        return try Self.limited(rows, limit).map { SequencedAuditEvent(sequence: $0.seq, event: $0.event) }
    }

    /// `purchase_date DESC, environment DESC, transaction_id DESC`.
    func timelineTransactions(customerId: CustomerID, before: TimelineBound?, limit: Int) throws -> [StoredTransaction] {
        try PurchaseStoreError.checkLimit(limit)
        return try transactions(customerId: customerId, limit: Int.max).filter {
            before?.admits($0.transaction.purchaseDate, $0.transaction.environment.rawValue, $0.transaction.transactionId) ?? true
        }.prefix(limit).map { $0 }
    }

    /// `received_at DESC, id DESC` among the app's notifications the customer's audit events name.
    func timelineNotifications(customerId: CustomerID, appId: String, before: TimelineBound?, limit: Int) throws -> [InboxPageEntry] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue, appId)
        let prefix = "notification:"
        let named = Set(
            audit.compactMap { row -> String? in
                guard row.event.customerId == customerId, let fact = row.event.fact, fact.hasPrefix(prefix) else { return nil }
                return String(fact.dropFirst(prefix.count))
            })
        let rows = named.compactMap { inbox[$0] }.filter {
            $0.appId == appId && (before?.admits($0.receivedAt, $0.id) ?? true)
        }.sorted {
            Self.ordered($1, $0, by: [{ Self.compare($0.receivedAt, $1.receivedAt) }, { Self.compareText($0.id, $1.id) }])
        }
        return try Self.limited(rows, limit).map(InboxPageEntry.init)
    }
}
