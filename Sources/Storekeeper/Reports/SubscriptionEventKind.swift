/// What a SUBSCRIPTION_EVENT row counts, as far as Storekeeper's transactions can tell it:
/// reconciliation compares events of these kinds per Pacific day, subscription and country.
///
/// Apple names many events (App Store Connect Help, "Subscription events"); each names one
/// transaction Storekeeper records, in one of four kinds:
/// - ``activation``: a subscription's first transaction (`Subscribe`, `Start Introductory Offer`,
///   `Start Offer Code`, `Opt-In`, `Start Promotional Offer`);
/// - ``renewal``: a later paid period (`Renew`, `Renewal from Billing Retry`, `Paid Subscription
///   from Introductory Offer`, `Paid Subscription from Opt-In`, and the downgrades, which take
///   effect at a renewal);
/// - ``resubscription``: a new purchase on an existing subscription (`Reactivate…`, and the
///   upgrades and crossgrades, which start a period at once);
/// - ``refund``: `Refund`.
/// Events without a transaction of their own (cancellations, billing retry, grace period,
/// renewal extensions) are not compared.
public struct SubscriptionEventKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let activation = SubscriptionEventKind(rawValue: "activation")
    public static let renewal = SubscriptionEventKind(rawValue: "renewal")
    public static let resubscription = SubscriptionEventKind(rawValue: "resubscription")
    public static let refund = SubscriptionEventKind(rawValue: "refund")

    /// The kind of an event as Apple names it (case-insensitive); nil for events without a
    /// transaction of their own.
    public init?(eventName: String) {
        let name = eventName.lowercased()
        if Self.activations.contains(name) {
            self = .activation
        } else if name == "refund" {
            self = .refund
        } else if name.hasPrefix("reactivate") || name.hasPrefix("upgrade") || name.hasPrefix("crossgrade") {
            self = .resubscription
        } else if Self.renewals.contains(name) || name.hasPrefix("downgrade") || name.hasPrefix("paid subscription from") {
            self = .renewal
        } else {
            return nil
        }
    }

    /// The kind of event an auto-renewable subscription's transaction is on its purchase day:
    /// a renewal, a subscription's first transaction, or another purchase on it.
    public init(purchase transaction: AppleTransaction) {
        if transaction.transactionReason == .renewal {
            self = .renewal
        } else if transaction.transactionId == transaction.originalTransactionId {
            self = .activation
        } else {
            self = .resubscription
        }
    }

    static let activations: Set<String> = [
        "subscribe", "start introductory offer", "start offer code", "opt-in", "start promotional offer",
    ]
    static let renewals: Set<String> = ["renew", "renewal from billing retry"]
}
