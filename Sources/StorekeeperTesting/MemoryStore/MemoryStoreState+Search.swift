import AppStoreModels
import Foundation
import Storekeeper

/// Operators' search and a customer's history pages (`SQLStore+Search`, `SQLStore+CustomerHistory`).
extension MemoryStoreState {
    func searchMatches(_ query: SearchQuery, environments: [AppStoreEnvironment], limit: Int) throws -> [SearchMatch] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(query.text)
        var matches: [SearchMatch] = []
        if let id = query.customerId, limit > 0, let customer = customers[id] {
            if var next = customer.mergedInto {
                var account = next
                for _ in 1..<MemoryStoreReader.maximumMergeHops {
                    guard let further = customers[next]?.mergedInto, further != id else { break }
                    account = further
                    next = further
                }
                matches.append(SearchMatch(kind: .alias, customerId: account, matched: id.rawValue))
            } else {
                matches.append(SearchMatch(kind: .customer, customerId: id, matched: id.rawValue))
            }
        }
        if let orderId = query.orderId {
            let found = Set([orders[orderId], order(appAccountToken: orderId)].compactMap { $0 })
            let sorted = found.sorted { MemoryText.precedes(MemoryText.text($0.id), MemoryText.text($1.id)) }
            matches += try Self.limited(sorted, limit).map {
                SearchMatch(kind: .order, customerId: $0.customerId, matched: MemoryText.text($0.id), productId: $0.productId)
            }
        }
        if let appleId = query.appleId {
            let byEnvironment = environments.sorted { MemoryText.precedes($0.rawValue, $1.rawValue) }
            let exact = byEnvironment.compactMap { transactions[MemoryKey($0, appleId)] }
            matches += try Self.limited(exact, limit).map {
                SearchMatch(
                    kind: .transaction, customerId: $0.customerId, matched: appleId, environment: $0.transaction.environment,
                    productId: $0.transaction.productId)
            }
            let owned = byEnvironment.compactMap { environment in owners[MemoryKey(environment, appleId)].map { (environment, $0) } }
            matches += try Self.limited(owned, limit).map { environment, owner in
                SearchMatch(
                    kind: .originalTransaction, customerId: owner, matched: appleId, environment: environment,
                    productId: transactions.values.first {
                        $0.transaction.environment == environment && $0.transaction.originalTransactionId == appleId
                    }?.transaction.productId)
            }
            let carriers: [(SearchMatch.Kind, KeyPath<AppleTransaction, String?>)] = [
                (.webOrderLineItem, \.webOrderLineItemId), (.appTransaction, \.appTransactionId),
            ]
            for (kind, key) in carriers {
                var carrying: [SearchMatch] = []
                for environment in byEnvironment {
                    let found = transactions.values.filter {
                        $0.transaction.environment == environment && $0.transaction[keyPath: key] == appleId
                    }
                    for customer in Set(found.map(\.customerId)).sorted() {
                        let product = found.filter { $0.customerId == customer }.map(\.transaction.productId)
                            .min(by: MemoryText.precedes)
                        carrying.append(
                            SearchMatch(kind: kind, customerId: customer, matched: appleId, environment: environment, productId: product))
                    }
                }
                matches += try Self.limited(carrying, limit)
            }
        }
        return matches
    }

    /// `merged_into = $1 ORDER BY id`.
    func aliases(of customerId: CustomerID, limit: Int) throws -> [Customer] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue)
        let rows = customers.values.filter { $0.mergedInto == customerId }.sorted {
            MemoryText.precedes($0.id.rawValue, $1.id.rawValue)
        }
        return try Self.limited(rows, limit)
    }

    /// `created_at DESC, id DESC`, strictly before `before`.
    func orders(customerId: CustomerID, before: OrderPosition?, limit: Int) throws -> [Order] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue)
        let rows = orders.values.filter { order in
            guard order.customerId == customerId else { return false }
            guard let before else { return true }
            if order.createdAt != before.createdAt { return order.createdAt < before.createdAt }
            return MemoryText.precedes(MemoryText.text(order.id), MemoryText.text(before.id))
        }.sorted {
            Self.ordered(
                $1, $0,
                by: [{ Self.compare($0.createdAt, $1.createdAt) }, { Self.compareText(MemoryText.text($0.id), MemoryText.text($1.id)) }])
        }
        return try Self.limited(rows, limit)
    }

    /// As ``journal(customerId:limit:)``, strictly before `before`, with sequence numbers.
    func journalPage(customerId: CustomerID, before: JournalPosition?, limit: Int) throws -> [SequencedJournalEntry] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue)
        let rows = journal.filter { row in
            guard row.entry.customerId == customerId || row.entry.postings.contains(where: { $0.account.customerId == customerId })
            else { return false }
            guard let before else { return true }
            if row.entry.createdAt != before.createdAt { return row.entry.createdAt < before.createdAt }
            return row.id < before.sequence
        }.sorted {
            Self.ordered($1, $0, by: [{ Self.compare($0.entry.createdAt, $1.entry.createdAt) }, { Self.compare($0.id, $1.id) }])
        }
        return try Self.limited(rows, limit).map { SequencedJournalEntry(sequence: $0.id, entry: $0.entry) }
    }
}
