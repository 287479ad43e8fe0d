public import AppStoreModels

/// What one Apple transaction sold, as the revenue rollups and reconciliation count it: units at
/// customer prices, and what a refund took back. Pure.
///
/// - Only a purchaser's transaction is a sale. A Family Sharing copy and a group member's
///   `ASSIGNED` transaction grant access, and nobody paid for them: no sale.
/// - A multiseat (group) purchase is one sale of its seats: the transaction's `quantity` is the
///   seats, its price tiers what they cost (Apple's `price` is only the average per seat, so it is
///   used alone only without tiers). A seat addition is a sale of its own (its own transaction);
///   a renewal sells the seats it renews with.
/// - A full refund (`revocationDate`, not an upgrade) takes back every unit on its revocation
///   day. A seat-based refund (`revokedSeatQuantity`, the transaction still valid) takes back
///   that many seats, the last filled first (seats fill the tiers from the highest price down, so
///   the cheapest go first), on the day of the record that reports it: Apple gives such a refund
///   no date of its own.
public struct Sale: Hashable, Sendable {
    /// Units at one customer price per unit (milliunits of ``currency``).
    public struct Line: Hashable, Sendable {
        public var price: Int64
        public var units: Int

        public init(price: Int64, units: Int) {
            self.price = price
            self.units = units
        }
    }

    public var currency: String
    /// The units sold at each price, highest price first.
    public var lines: [Line]
    /// The units a refund took back at each price (empty when none).
    public var refunded: [Line]
    /// When the refund took effect; nil when nothing was refunded.
    public var refundDate: Timestamp?

    /// The sale of `transaction`; nil when it is not one (shared access, or no price).
    public init?(_ transaction: AppleTransaction) {
        guard !transaction.isSharedAccess, let price = transaction.price, let currency = transaction.currency else {
            return nil
        }
        self.currency = currency
        let tiers = (transaction.multiSeatInfo?.priceTiers ?? []).compactMap { tier -> Line? in
            guard let price = tier.tierPrice, let units = tier.tierQuantity, units > 0 else { return nil }
            return Line(price: price, units: Int(units))
        }
        lines = tiers.isEmpty ? [Line(price: price, units: max(1, transaction.quantity))] : Self.merged(tiers)
        refunded = []
        refundDate = nil
        if let revoked = transaction.revocationDate {
            guard !transaction.isUpgraded else { return }  // an upgrade's pro-rata credit is not a refund
            refunded = lines
            refundDate = revoked
        } else if let seats = transaction.multiSeatInfo?.revokedSeatQuantity, seats > 0 {
            refunded = Self.lastFilled(Int(seats), of: lines)
            refundDate = transaction.signedDate
        }
    }

    /// Units sold.
    public var units: Int { lines.reduce(0) { $0 + $1.units } }
    /// What the units cost, milliunits.
    public var amount: Int64 { Self.amount(lines) }
    /// Units taken back.
    public var refundedUnits: Int { refunded.reduce(0) { $0 + $1.units } }
    /// What the units taken back cost, milliunits.
    public var refundedAmount: Int64 { Self.amount(refunded) }

    static func amount(_ lines: [Line]) -> Int64 { lines.reduce(0) { $0 + $1.price * Int64($1.units) } }

    /// One line per price, highest price first (Apple lists tiers in no guaranteed order).
    static func merged(_ lines: [Line]) -> [Line] {
        var units: [Int64: Int] = [:]
        for line in lines { units[line.price, default: 0] += line.units }
        return units.map { Line(price: $0.key, units: $0.value) }.sorted { $0.price > $1.price }
    }

    /// The last `count` units of `lines` (ordered highest price first): the cheapest first.
    static func lastFilled(_ count: Int, of lines: [Line]) -> [Line] {
        var left = count
        var taken: [Line] = []
        for line in lines.reversed() where left > 0 {
            let units = min(left, line.units)
            taken.append(Line(price: line.price, units: units))
            left -= units
        }
        return merged(taken)
    }
}
