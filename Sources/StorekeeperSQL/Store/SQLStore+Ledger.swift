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
    ///
    /// Where nothing can be refused and the dialect allows it (PostgreSQL), the three steps are
    /// one statement (``LedgerRows/postAll(changes:postings:)``).
    func post(_ entry: JournalEntry, requireNonNegative: Bool) async throws -> PostingResult {
        try entry.validateForPosting()
        let now = SQLValue(self.now())
        let changes: [(LedgerAccount, Int64)] = entry.netBalanceChanges.filter { $0.delta != 0 }.map { ($0.account, $0.delta) }
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
        try await sql.execute(
            LedgerRows.insertPostings(count: entry.postings.count), Self.postingBinds(entry, entryId: entryId, now: now))
        return try await posted(entry, balances: balances)
    }

    /// `post` where nothing can be refused, as one statement (``LedgerRows/postAll(changes:postings:)``):
    /// the entry, its balance changes and its postings in one round trip instead of three.
    private func postInOneStatement(
        _ entry: JournalEntry, changes: [(LedgerAccount, Int64)], now: SQLValue
    ) async throws -> PostingResult {
        let binds =
            Self.entryBinds(entry) + Self.changeBinds(changes, entry: entry, now: now)
            + Self.postingBinds(entry, entryId: nil, now: now)
        let rows = try await sql.query(LedgerRows.postAll(changes: changes.count, postings: entry.postings.count), binds)
        // No row: the idempotency key was booked before, and nothing else happened.
        guard !rows.isEmpty else { return .duplicate }
        // Without changes the one row carries only the entry ID.
        return try await posted(entry, balances: changes.isEmpty ? [:] : Self.balances(rows, from: 1, of: changes))
    }

    /// The result of a booked entry: the balance of the entry's customer account after it.
    private func posted(_ entry: JournalEntry, balances: [LedgerAccount: Int64]) async throws -> PostingResult {
        try await appendFeed(FeedAppend(entry))
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

    /// The rows of ``LedgerRows/applyAll(count:)``: per change, the account's row and the change to
    /// its balance.
    static func changeBinds(_ changes: [(LedgerAccount, Int64)], entry: JournalEntry, now: SQLValue) -> [SQLValue] {
        changes.flatMap { account, delta -> [SQLValue] in
            [
                .text(account.description), .integer(LedgerRows.slot(of: account, entryCustomer: entry.customerId)),
                .text(account.kind.rawValue), SQLValue(account.customerId), .text(account.currency), .integer(delta), now,
            ]
        }
    }

    /// The rows of ``LedgerRows/insertPostings(count:)``, each led by `entryId`; without one, the
    /// five values of ``LedgerRows/postAll(changes:postings:)``, which takes the ID from its insert.
    static func postingBinds(_ entry: JournalEntry, entryId: Int64?, now: SQLValue) -> [SQLValue] {
        entry.postings.enumerated().flatMap { ordinal, posting -> [SQLValue] in
            (entryId.map { [SQLValue.integer($0)] } ?? [])
                + [
                    SQLValue(ordinal), .text(posting.account.description), SQLValue(posting.account.customerId), .integer(posting.amount),
                    now,
                ]
        }
    }

    /// Each changed account's balance from the rows a balance upsert returned (the account's name
    /// in column `column`, its balance in the next), which must be exactly the accounts changed.
    static func balances(
        _ rows: [SQLRow], from column: Int, of changes: [(LedgerAccount, Int64)]
    ) throws -> [LedgerAccount: Int64] {
        let accounts = Dictionary(changes.map { ($0.0.description, $0.0) }, uniquingKeysWith: { first, _ in first })
        var balances: [LedgerAccount: Int64] = [:]
        for row in rows {
            guard let account = accounts[try row.string(column)] else {
                throw PurchaseStoreError(.storageFailure, "the balance upsert returned an account it was not given")
            }
            balances[account] = try row.int64(column + 1)
        }
        guard balances.count == changes.count else {
            throw PurchaseStoreError(.storageFailure, "the balance upsert returned \(balances.count) rows for \(changes.count) accounts")
        }
        return balances
    }

    /// Every change in one upsert; the balances after it.
    private func applyAll(
        _ changes: [(LedgerAccount, Int64)], entry: JournalEntry, now: SQLValue
    ) async throws -> [LedgerAccount: Int64] {
        guard !changes.isEmpty else { return [:] }
        let rows = try await sql.query(LedgerRows.applyAll(count: changes.count), Self.changeBinds(changes, entry: entry, now: now))
        return try Self.balances(rows, from: 0, of: changes)
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
            guard let row else { throw PurchaseStoreError(.storageFailure, "the balance upsert of \(name) returned no row") }
            balances[account] = try row.int64(0)
            applied.append((name, slot, delta))
        }
        return .success(balances)
    }
}
