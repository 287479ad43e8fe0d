/// An account of the double-entry ledger, named `kind:currency` or `customer:<id>:currency`.
public struct LedgerAccount: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// What Storekeeper owes one customer in one currency (their balance).
        case customer
        /// Counterpart of currency issued by purchases (and taken back by refunds).
        case issued
        /// Counterpart of currency the customers spent.
        case spent
        /// Clawbacks that could not be collected under the `clamp` debt policy.
        case loss
        /// Counterpart of operators' corrections of a balance (``Wallet/adjustment(_:currency:amount:key:memo:at:)``):
        /// what the app gave (negative) or took back (positive) by hand.
        case adjustment
    }

    public var kind: Kind
    public var customerId: CustomerID?
    public var currency: String

    public static func customer(_ id: CustomerID, _ currency: String) -> LedgerAccount {
        LedgerAccount(kind: .customer, customerId: id, currency: currency)
    }
    public static func issued(_ currency: String) -> LedgerAccount { LedgerAccount(kind: .issued, currency: currency) }
    public static func spent(_ currency: String) -> LedgerAccount { LedgerAccount(kind: .spent, currency: currency) }
    public static func loss(_ currency: String) -> LedgerAccount { LedgerAccount(kind: .loss, currency: currency) }
    public static func adjustment(_ currency: String) -> LedgerAccount { LedgerAccount(kind: .adjustment, currency: currency) }

    /// The account's stable name, used as its key in storage.
    public var description: String {
        if let customerId { return "customer:\(customerId.key):\(currency)" }
        return "\(kind.rawValue):\(currency)"
    }

    /// Whether ``init(name:)`` reads ``description`` back as this very account, decided without
    /// writing and parsing the name (every posting of every entry is checked before booking):
    /// the currency is the name's last part, so it must be non-empty and free of `:`; a customer
    /// account, and only one, names a customer, whose stored key must read back as that customer.
    public var hasStableName: Bool {
        guard !currency.isEmpty, !currency.utf8.contains(UInt8(ascii: ":")) else { return false }
        switch (kind, customerId) {
        case (.customer, let id?): return CustomerID(stored: id.key) == id
        case (.customer, nil): return false
        case (_, nil): return true
        case (_, .some): return false
        }
    }

    /// Parses `description` (as stored, so customer ids are read with `CustomerID(stored:)`).
    public init?(name: String) {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let kindName = parts.first, let kind = Kind(rawValue: kindName), let currency = parts.last,
            !currency.isEmpty
        else { return nil }
        if kind == .customer {
            guard parts.count >= 3, let id = CustomerID(stored: parts[1..<(parts.count - 1)].joined(separator: ":"))
            else { return nil }
            self.init(kind: kind, customerId: id, currency: currency)
        } else {
            guard parts.count == 2 else { return nil }
            self.init(kind: kind, currency: currency)
        }
    }

    public init(kind: Kind, customerId: CustomerID? = nil, currency: String) {
        self.kind = kind
        self.customerId = customerId
        self.currency = currency
    }
}
