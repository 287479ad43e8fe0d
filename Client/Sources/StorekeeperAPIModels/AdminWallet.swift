/// A customer's balances and the journal entries behind them.
public struct AdminWallet: Codable, Sendable, Hashable {
    /// Currency → balance.
    public var balances: [String: Int64]
    /// The journal entries behind the balances, newest first.
    public var entries: [AdminLedgerEntry]
    /// Pass as `before` to `GET .../customers/{customer}/ledger` for older entries.
    public var nextCursor: String?

    public init(balances: [String: Int64], entries: [AdminLedgerEntry], nextCursor: String? = nil) {
        self.balances = balances
        self.entries = entries
        self.nextCursor = nextCursor
    }
}
