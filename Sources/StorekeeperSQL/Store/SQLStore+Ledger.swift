import AppStoreModels
import Storekeeper

extension SQLStoreQuerying {
    func balances(customerId: CustomerID) async throws -> [String: Int64] {
        try LedgerRows.balances(try await sql.query(LedgerRows.customerBalances, [SQLValue(customerId)]), of: customerId)
    }

    func balance(_ account: LedgerAccount) async throws -> Int64 {
        try await sql.single(LedgerRows.balance, [.text(account.description)]).int64(0)
    }

    func journalEntry(key: String) async throws -> JournalEntry? {
        try LedgerRows.entries(try await sql.query(LedgerRows.entryByKey, [.text(key)])).first
    }

    func journal(customerId: CustomerID, limit: Int) async throws -> [JournalEntry] {
        try LedgerRows.entries(try await sql.query(LedgerRows.customerJournal, [SQLValue(customerId), limitValue(limit)]))
    }

    func ledgerDiscrepancies() async throws -> [LedgerAccount] {
        try await sql.query(LedgerRows.discrepancies).map { try LedgerRows.account($0, 0) }
    }
}

extension SQLStoreTransaction {
    /// 1. Reserve the key (`INSERT ... ON CONFLICT DO NOTHING`): a replay, or a concurrent
    ///    duplicate once the first commits, books nothing.
    /// 2. Apply each account's net change in account-name order (a consistent lock order). With
    ///    nothing that could be refused, all of them in one statement; otherwise one by one,
    ///    where with `requireNonNegative` a customer account's decrease is a conditional
    ///    decrement: if one is refused, the changes made so far and the key are undone in this
    ///    transaction and nothing is booked.
    /// 3. Insert the postings.
    func post(_ entry: JournalEntry, requireNonNegative: Bool) async throws -> PostingResult {
        try Self.validate(entry)
        let now = SQLValue(self.now())
        let customerAccount = LedgerAccount.customer(entry.customerId, entry.currency)
        let changes = Self.netChanges(entry).filter { $0.1 != 0 }
        let guarded = requireNonNegative && changes.contains { $0.0.kind == .customer && $0.1 < 0 }
        if !guarded, sql.dialect.supportsWritingCTEs {
            return try await postInOneStatement(entry, changes: changes, now: now)
        }
        let reserved = try await sql.queryFirst(LedgerRows.insertEntry, Self.entryBinds(entry))
        guard let entryId = try reserved?.int64(0) else { return .duplicate }

        let balances: [LedgerAccount: Int64]
        if guarded {
            switch try await applyGuarded(changes, entry: entry, now: now) {
            case .success(let applied):
                balances = applied
            case .failure(let refused):
                try await sql.execute(LedgerRows.deleteEntry, [.integer(entryId)])
                // The refused account's balance (the entry's customer's, except in a merge).
                return .insufficientFunds(balance: try await self.balance(refused.account))
            }
        } else {
            balances = try await applyAll(changes, entry: entry, now: now)
        }
        let customerBalance = balances[customerAccount]
        var postings: [SQLValue] = []
        for (ordinal, posting) in entry.postings.enumerated() {
            postings += [
                .integer(entryId), SQLValue(ordinal), .text(posting.account.description),
                SQLValue(posting.account.customerId), .integer(posting.amount), now,
            ]
        }
        try await sql.execute(LedgerRows.insertPostings(count: entry.postings.count), postings)
        if let customerBalance { return .posted(balance: customerBalance) }
        return .posted(balance: try await balance(customerAccount))
    }

    /// `post` where nothing can be refused, as one statement (``LedgerRows/postAll(changes:postings:)``):
    /// the entry, its balance changes and its postings in one round trip instead of three.
    private func postInOneStatement(
        _ entry: JournalEntry, changes: [(LedgerAccount, Int64)], now: SQLValue
    ) async throws -> PostingResult {
        var binds = Self.entryBinds(entry)
        var accounts: [String: LedgerAccount] = [:]
        for (account, delta) in changes {
            binds += Self.changeBinds(account, delta: delta, entry: entry, now: now)
            accounts[account.description] = account
        }
        for (ordinal, posting) in entry.postings.enumerated() {
            binds += [
                SQLValue(ordinal), .text(posting.account.description), SQLValue(posting.account.customerId), .integer(posting.amount), now,
            ]
        }
        let rows = try await sql.query(LedgerRows.postAll(changes: changes.count, postings: entry.postings.count), binds)
        // No row: the idempotency key was booked before, and nothing else happened.
        guard !rows.isEmpty else { return .duplicate }
        var balances: [LedgerAccount: Int64] = [:]
        for row in rows where changes.count > 0 {
            guard let account = accounts[try row.string(1)] else {
                throw SQLError(.databaseError, "the balance upsert returned an account it was not given")
            }
            balances[account] = try row.int64(2)
        }
        guard balances.count == changes.count else {
            throw SQLError(.databaseError, "the balance upsert returned \(balances.count) rows for \(changes.count) accounts")
        }
        let customerAccount = LedgerAccount.customer(entry.customerId, entry.currency)
        if let balance = balances[customerAccount] { return .posted(balance: balance) }
        return .posted(balance: try await balance(customerAccount))
    }

    static func entryBinds(_ entry: JournalEntry) -> [SQLValue] {
        [
            .text(entry.key), .text(entry.kind.rawValue), SQLValue(entry.customerId), .text(entry.currency), SQLValue(entry.createdAt),
            SQLValue(entry.reference), SQLValue(entry.memo),
        ]
    }

    /// One row of ``LedgerRows/applyAll(count:)``: the account's row and the change to its balance.
    static func changeBinds(_ account: LedgerAccount, delta: Int64, entry: JournalEntry, now: SQLValue) -> [SQLValue] {
        [
            .text(account.description), .integer(LedgerRows.slot(of: account, entryCustomer: entry.customerId)),
            .text(account.kind.rawValue), SQLValue(account.customerId), .text(account.currency), .integer(delta), now,
        ]
    }

    /// Every change in one upsert; the balances after it.
    private func applyAll(
        _ changes: [(LedgerAccount, Int64)], entry: JournalEntry, now: SQLValue
    ) async throws -> [LedgerAccount: Int64] {
        guard !changes.isEmpty else { return [:] }
        var binds: [SQLValue] = []
        var accounts: [String: LedgerAccount] = [:]
        for (account, delta) in changes {
            binds += Self.changeBinds(account, delta: delta, entry: entry, now: now)
            accounts[account.description] = account
        }
        var balances: [LedgerAccount: Int64] = [:]
        for row in try await sql.query(LedgerRows.applyAll(count: changes.count), binds) {
            guard let account = accounts[try row.string(0)] else {
                throw SQLError(.databaseError, "the balance upsert returned an account it was not given")
            }
            balances[account] = try row.int64(1)
        }
        guard balances.count == changes.count else {
            throw SQLError(.databaseError, "the balance upsert returned \(balances.count) rows for \(changes.count) accounts")
        }
        return balances
    }

    /// A refused conditional decrement.
    struct Refusal: Error {
        var account: LedgerAccount
    }

    /// Changes one account at a time, customer decreases conditionally; on a refusal, the
    /// changes made so far are undone.
    private func applyGuarded(
        _ changes: [(LedgerAccount, Int64)], entry: JournalEntry, now: SQLValue
    ) async throws -> Result<[LedgerAccount: Int64], Refusal> {
        var balances: [LedgerAccount: Int64] = [:]
        var applied: [(name: String, slot: Int64, delta: Int64)] = []
        for (account, delta) in changes {
            let name = account.description
            let slot = LedgerRows.slot(of: account, entryCustomer: entry.customerId)
            let row: SQLRow?
            if account.kind == .customer, delta < 0 {
                row = try await sql.queryFirst(LedgerRows.guardedApply, [.text(name), .integer(slot), .integer(delta), now])
                if row == nil {
                    for change in applied.reversed() {
                        try await sql.execute(LedgerRows.undo, [.text(change.name), .integer(change.slot), .integer(change.delta)])
                    }
                    return .failure(Refusal(account: account))
                }
            } else {
                row = try await sql.queryFirst(
                    LedgerRows.apply,
                    [
                        .text(name), .integer(slot), .text(account.kind.rawValue), SQLValue(account.customerId),
                        .text(account.currency), .integer(delta), now,
                    ])
            }
            guard let row else { throw SQLError(.databaseError, "the balance upsert of \(name) returned no row") }
            balances[account] = try row.int64(0)
            applied.append((name, slot, delta))
        }
        return .success(balances)
    }

    /// Each account's total change, in account-name order.
    static func netChanges(_ entry: JournalEntry) -> [(LedgerAccount, Int64)] {
        var totals: [String: (LedgerAccount, Int64)] = [:]
        for posting in entry.postings {
            totals[posting.account.description, default: (posting.account, 0)].1 += posting.amount
        }
        return totals.sorted { $0.key < $1.key }.map(\.value)
    }

    /// `JournalEntry`'s initializer checks these, but a decoded entry skips it; the ledger's
    /// invariant must not depend on how the value was made.
    static func validate(_ entry: JournalEntry) throws(SQLPurchaseStoreError) {
        func invalid(_ reason: String) -> SQLPurchaseStoreError {
            SQLPurchaseStoreError(.invalidJournalEntry, "journal entry \(entry.key): \(reason)")
        }
        guard !entry.key.isEmpty else { throw invalid("empty idempotency key") }
        guard entry.postings.count >= 2 else { throw invalid("fewer than two postings") }
        var sum: Int64 = 0
        for posting in entry.postings {
            guard posting.account.currency == entry.currency else { throw invalid("mixes currencies") }
            guard LedgerAccount(name: posting.account.description) == posting.account else {
                throw invalid("account \"\(posting.account.description)\" has no stable name")
            }
            let (next, overflow) = sum.addingReportingOverflow(posting.amount)
            guard !overflow else { throw invalid("postings overflow") }
            sum = next
        }
        guard sum == 0 else { throw invalid("postings sum to \(sum), not zero") }
    }
}
