public import Foundation
public import StorekeeperAPIModels

extension CustomerBody.Subscription {
    /// What the app shows under a subscription.
    public enum Renewal: Sendable, Hashable {
        /// Auto-renew is on: it renews on this date.
        case renewsOn(Date)
        /// Auto-renew is off (or the subscription ended): access ends, or ended, on this date.
        case endsOn(Date)
        /// A 12-month commitment billed monthly that the customer cancelled: Apple still bills
        /// it monthly (next on `nextBilling`) and access ends with the commitment on `endsOn`.
        case billedMonthlyUntil(nextBilling: Date, endsOn: Date)
        /// Storekeeper knows no expiry yet.
        case unknown
    }

    /// "Renews on" or "ends on", from Apple's `autoRenewStatus` and the expiry — and under a
    /// cancelled 12-month commitment, the monthly billing until the commitment ends (Apple keeps
    /// `autoRenewStatus` on then: only the commitment's own status says it ends).
    public var renewal: Renewal {
        guard let expiresAt else { return .unknown }
        let date = Self.date(expiresAt)
        guard autoRenewStatus == 1, phase != "expired" else { return .endsOn(date) }
        if let commitment, commitment.autoRenewStatus == 0, let end = commitment.expiresAt {
            return end > expiresAt ? .billedMonthlyUntil(nextBilling: date, endsOn: Self.date(end)) : .endsOn(date)
        }
        return .renewsOn(date)
    }

    private static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

extension CustomerBody {
    /// The balance of `currency` (0 when the customer never had any).
    public func balance(_ currency: String) -> Int64 { balances[currency] ?? 0 }
}
