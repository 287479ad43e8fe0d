public import Foundation
public import StorekeeperAPIModels

extension CustomerBody.Subscription {
    /// What the app shows under a subscription.
    public enum Renewal: Sendable, Hashable {
        /// Auto-renew is on: it renews on this date.
        case renewsOn(Date)
        /// Auto-renew is off (or the subscription ended): access ends, or ended, on this date.
        case endsOn(Date)
        /// Storekeeper knows no expiry yet.
        case unknown
    }

    /// "Renews on" or "ends on", from Apple's `autoRenewStatus` and the expiry.
    public var renewal: Renewal {
        guard let expiresAt else { return .unknown }
        let date = Date(timeIntervalSince1970: Double(expiresAt) / 1000)
        return autoRenewStatus == 1 && phase != "expired" ? .renewsOn(date) : .endsOn(date)
    }
}

extension CustomerBody {
    /// The balance of `currency` (0 when the customer never had any).
    public func balance(_ currency: String) -> Int64 { balances[currency] ?? 0 }
}
