import Synchronization

/// The ids of each account's transactions, so the Server API's per-customer answers (Transaction
/// History, subscription statuses) read the customer's few transactions instead of filtering every
/// transaction the simulator holds: tests and benchmarks hold tens of thousands of customers, and
/// a filter per request made each request cost as much as all of them.
///
/// A cache beside the state, not part of it (nothing is persisted): built from the state the
/// engine starts with, and told of every transaction stored, so it lists at least the state's
/// transactions of each account. A mutation that is rolled back can leave an id the state no
/// longer has, or no longer has for that account: lookups check each id against the state.
final class AccountTransactionIndex: Sendable {
    private let byAccount: Mutex<[String: Set<String>]>
    /// App transaction id → the key of its record in the state's `appTransactions`.
    private let appTransactionKeys: Mutex<[String: String]>

    init(_ state: SimulatorState) {
        var byAccount: [String: Set<String>] = [:]
        for transaction in state.transactions.values { byAccount[transaction.accountId, default: []].insert(transaction.transactionId) }
        self.byAccount = Mutex(byAccount)
        appTransactionKeys = Mutex(
            Dictionary(state.appTransactions.map { ($0.value.appTransactionId, $0.key) }, uniquingKeysWith: { a, _ in a }))
    }

    func add(_ record: AppTransactionRecord, key: String) {
        appTransactionKeys.withLock { $0[record.appTransactionId] = key }
    }

    /// The record of app transaction `id` in `records` (the state's).
    func appTransaction(_ id: String, in records: [String: AppTransactionRecord]) -> AppTransactionRecord? {
        guard let key = appTransactionKeys.withLock({ $0[id] }), let record = records[key], record.appTransactionId == id else {
            return nil
        }
        return record
    }

    func add(_ transaction: StoredTransaction) {
        _ = byAccount.withLock { $0[transaction.accountId, default: []].insert(transaction.transactionId) }
    }

    /// The account's transactions in `transactions` (the state's).
    func transactions(of account: String, in transactions: [String: StoredTransaction]) -> [StoredTransaction] {
        let ids = byAccount.withLock { $0[account] ?? [] }
        return ids.compactMap { transactions[$0] }.filter { $0.accountId == account }
    }
}
