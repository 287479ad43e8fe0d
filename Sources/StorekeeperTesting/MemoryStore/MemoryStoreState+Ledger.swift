import AppStoreModels
import Foundation
import Storekeeper

/// The ledger (`SQLStore+Ledger`, `LedgerRows`): entries booked once per key, balances moved by
/// exactly their postings, guarded decreases that never overdraw a customer account.
extension MemoryStoreState {
    func balances(customerId: CustomerID) throws -> [String: Int64] {
        try MemoryText.refuseNUL(customerId.rawValue)
        var result: [String: Int64] = [:]
        for row in balances.values where row.account.kind == .customer && row.account.customerId == customerId {
            result[row.account.currency] = row.balance
        }
        return result
    }

    func balance(_ account: LedgerAccount) throws -> Int64 {
        try MemoryText.refuseNUL(account.description)
        return balances[account.description]?.balance ?? 0
    }

    func journalEntry(key: String) throws -> JournalEntry? {
        try MemoryText.refuseNUL(key)
        return journalIndex[key].map { journal[$0].entry }
    }

    /// Entries booked for the customer or touching one of their accounts, `created_at DESC, id DESC`.
    func journal(customerId: CustomerID, limit: Int) throws -> [JournalEntry] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue)
        let rows = journal.filter { row in
            row.entry.customerId == customerId || row.entry.postings.contains { $0.account.customerId == customerId }
        }.sorted {
            Self.ordered($1, $0, by: [{ Self.compare($0.entry.createdAt, $1.entry.createdAt) }, { Self.compare($0.id, $1.id) }])
        }
        return try Self.limited(rows, limit).map(\.entry)
    }

    /// Accounts whose balance differs from the sum of their postings, by name.
    func ledgerDiscrepancies() throws -> [LedgerAccount] {
        var posted: [String: Int64] = [:]
        for row in journal {
            for posting in row.entry.postings { posted[posting.account.description, default: 0] &+= posting.amount }
        }
        let names = Set(posted.keys).union(balances.keys).filter { (balances[$0]?.balance ?? 0) != (posted[$0] ?? 0) }
        return try names.sorted(by: MemoryText.precedes).map { name in
            guard let account = LedgerAccount(name: name) else {
                throw PurchaseStoreError.corrupt("ledger account name \"\(name)\" cannot be parsed")
            }
            return account
        }
    }

    // MARK: Posting

    /// Validates, then (unless the key was booked) applies each account's net change in name
    /// order; with `requireNonNegative` a customer account's decrease is conditional, and a
    /// refusal undoes the changes made so far (balance rows they created stay, at zero) and
    /// books nothing, as the SQL store's conditional decrements do.
    mutating func post(_ entry: JournalEntry, requireNonNegative: Bool) throws -> PostingResult {
        try entry.validateForPosting()
        try Self.refuseNUL(in: entry)
        let changes = entry.netBalanceChanges.filter { $0.delta != 0 }
        let guarded = requireNonNegative && changes.contains { $0.account.kind == .customer && $0.delta < 0 }
        guard journalIndex[entry.key] == nil else { return .duplicate }

        var applied: [(name: String, delta: Int64)] = []
        var after: [LedgerAccount: Int64] = [:]
        for (account, delta) in changes {
            let name = account.description
            let current = balances[name]?.balance
            if guarded, account.kind == .customer, delta < 0 {
                guard let current, try Self.add(current, delta, name) >= 0 else {
                    for change in applied.reversed() { balances[change.name]?.balance -= change.delta }
                    return .insufficientFunds(balance: balances[name]?.balance ?? 0)
                }
            }
            let balance = try Self.add(current ?? 0, delta, name)
            balances[name] = (account, balance)
            after[account] = balance
            applied.append((name, delta))
        }
        journalIndex[entry.key] = journal.count
        journal.append((nextJournalId, entry))
        nextJournalId += 1
        appendFeed(FeedAppend(entry))
        let customerAccount = LedgerAccount.customer(entry.customerId, entry.currency)
        return .posted(balance: after[customerAccount] ?? balances[customerAccount.description]?.balance ?? 0)
    }

    /// `balance + delta`, refused like the databases' integer overflow.
    private static func add(_ balance: Int64, _ delta: Int64, _ name: String) throws(PurchaseStoreError) -> Int64 {
        let (sum, overflow) = balance.addingReportingOverflow(delta)
        guard !overflow else { throw PurchaseStoreError(.storageFailure, "the balance of \(name) overflows") }
        return sum
    }

    /// Every value of the entry the SQL store binds as text.
    static func refuseNUL(in entry: JournalEntry) throws(PurchaseStoreError) {
        try MemoryText.refuseNUL(entry.key, entry.kind.rawValue, entry.customerId.rawValue, entry.currency, entry.reference, entry.memo)
        for posting in entry.postings {
            try MemoryText.refuseNUL(posting.account.description, posting.account.kind.rawValue)
        }
    }
}
