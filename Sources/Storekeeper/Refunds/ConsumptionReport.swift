public import AppStoreModels
import Foundation

/// The answer to a CONSUMPTION_REQUEST, built from what Storekeeper knows about the purchase
/// and the customer: delivery, how much of the purchase was used, the customer's history, the
/// app's refund preference and the customer's consent.
///
/// Both of Apple's body versions are produced: the current one (`ConsumptionRequest`,
/// consumption as a percentage) and the original (`ConsumptionRequestV1`, with account tenure,
/// play time and lifetime dollar buckets), so whichever endpoint is used, and support, see the same facts.
public struct ConsumptionReport: Hashable, Sendable {
    public var current: ConsumptionRequest
    public var original: ConsumptionRequestV1

    /// What the report is computed from.
    public struct Inputs: Sendable {
        public var transaction: AppleTransaction
        public var product: Product?
        public var customer: Customer?
        /// Whether Storekeeper granted what the transaction bought.
        public var delivered: Bool
        /// Currency the purchase credited, and the customer's balance of it now.
        public var credited: Int64
        public var balance: Int64
        /// The customer's other purchases (for lifetime buckets).
        public var purchases: [AppleTransaction]
        public var refundPreference: RefundPreference?
        public var sampleContentProvided: Bool
        public var now: Timestamp

        public init(
            transaction: AppleTransaction, product: Product?, customer: Customer?, delivered: Bool, credited: Int64,
            balance: Int64, purchases: [AppleTransaction], refundPreference: RefundPreference?,
            sampleContentProvided: Bool, now: Timestamp
        ) {
            self.transaction = transaction
            self.product = product
            self.customer = customer
            self.delivered = delivered
            self.credited = credited
            self.balance = balance
            self.purchases = purchases
            self.refundPreference = refundPreference
            self.sampleContentProvided = sampleContentProvided
            self.now = now
        }
    }

    public init(_ inputs: Inputs) {
        let consented = inputs.customer?.consumptionConsent ?? false
        let percentage = Self.consumedPercentage(inputs)
        current = ConsumptionRequest(
            customerConsented: consented,
            consumptionPercentage: inputs.product?.kind == .autoRenewableSubscription ? nil : percentage,
            deliveryStatus: inputs.delivered ? .delivered : .undeliveredOther,
            refundPreference: inputs.refundPreference, sampleContentProvided: inputs.sampleContentProvided)
        let consumptionStatus: ConsumptionStatus =
            switch percentage {
            case nil: .undeclared
            case 0: .notConsumed
            case 100_000: .fullyConsumed
            default: .partiallyConsumed
            }
        original = ConsumptionRequestV1(
            customerConsented: consented, consumptionStatus: consumptionStatus, platform: .apple,
            sampleContentProvided: inputs.sampleContentProvided,
            deliveryStatus: inputs.delivered ? .deliveredAndWorking : .undeliveredOther,
            appAccountToken: inputs.transaction.appAccountToken?.lowercasedString ?? "",
            accountTenure: Self.tenure(inputs), playTime: Self.playTime(inputs.customer?.playTimeMinutes),
            lifetimeDollarsRefunded: Self.lifetimeRefunded(inputs.purchases),
            lifetimeDollarsPurchased: Self.lifetimePurchased(inputs.purchases),
            userStatus: .active, refundPreference: nil)
    }

    /// Share of the purchase consumed, in thousandths of a percent: currency spent out of what
    /// the purchase credited; non-consumables count as fully available once delivered.
    static func consumedPercentage(_ inputs: Inputs) -> Int32? {
        guard inputs.delivered else { return 0 }
        guard inputs.credited > 0 else {
            return inputs.product?.kind == .nonConsumable || inputs.product?.kind == .nonRenewingSubscription ? 100_000 : nil
        }
        let remaining = min(inputs.credited, max(0, inputs.balance))
        let spent = inputs.credited - remaining
        return Int32(spent * 100_000 / inputs.credited)
    }

    static func tenure(_ inputs: Inputs) -> AccountTenure {
        guard let created = inputs.customer?.createdAt else { return .undeclared }
        let days = (inputs.now.millisecondsSince1970 - created.millisecondsSince1970) / 86_400_000
        switch days {
        case ..<3: return AccountTenure(rawValue: 1)
        case ..<10: return AccountTenure(rawValue: 2)
        case ..<30: return AccountTenure(rawValue: 3)
        case ..<90: return AccountTenure(rawValue: 4)
        case ..<180: return AccountTenure(rawValue: 5)
        case ..<365: return AccountTenure(rawValue: 6)
        default: return AccountTenure(rawValue: 7)
        }
    }

    static func playTime(_ minutes: Int64?) -> PlayTime {
        guard let minutes else { return .undeclared }
        switch minutes {
        case ..<5: return PlayTime(rawValue: 1)
        case ..<60: return PlayTime(rawValue: 2)
        case ..<360: return PlayTime(rawValue: 3)
        case ..<960: return PlayTime(rawValue: 4)
        case ..<2880: return PlayTime(rawValue: 5)
        case ..<5760: return PlayTime(rawValue: 6)
        default: return PlayTime(rawValue: 7)
        }
    }

    /// Sum of USD prices in milli-units, or nil when the customer paid in other currencies (no
    /// honest conversion is available, so the bucket is undeclared).
    static func usdMilliunits(_ purchases: [AppleTransaction]) -> Int64? {
        guard purchases.allSatisfy({ $0.currency == nil || $0.currency == "USD" }) else { return nil }
        return purchases.reduce(0) { $0 + ($1.price ?? 0) }
    }

    static func bucket(_ milliunits: Int64?) -> Int32 {
        guard let milliunits else { return 0 }
        switch milliunits {
        case 0: return 1
        case ..<50_000: return 2
        case ..<100_000: return 3
        case ..<500_000: return 4
        case ..<1_000_000: return 5
        case ..<2_000_000: return 6
        default: return 7
        }
    }

    static func lifetimePurchased(_ purchases: [AppleTransaction]) -> LifetimeDollarsPurchased {
        LifetimeDollarsPurchased(rawValue: bucket(usdMilliunits(purchases)))
    }

    static func lifetimeRefunded(_ purchases: [AppleTransaction]) -> LifetimeDollarsRefunded {
        LifetimeDollarsRefunded(rawValue: bucket(usdMilliunits(purchases.filter(\.isRevoked))))
    }
}
