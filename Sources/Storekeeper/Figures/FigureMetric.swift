/// What a rollup row counts. An open set of names (stored as text), so a row written by a later
/// version is read, not refused.
///
/// Counts are per product (`productId`, `dimension` empty) unless said otherwise; money is in
/// milliunits per currency (`productId` empty, `dimension` the ISO currency code).
public struct FigureMetric: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Change in active subscriptions, `dimension` a ``FigurePhase``: +1 on the day a span of a
    /// phase starts, −1 on the day it ends. The level on a day is the sum of every change up to
    /// and including it (active at the end of the day).
    public static let active = FigureMetric(rawValue: "active")
    /// Subscriptions that started: a first purchase, or a return after access lapsed.
    public static let new = FigureMetric(rawValue: "new")
    /// Paid periods that continued a subscription (a renewal, including a downgrade or crossgrade
    /// taking effect at renewal; not an immediate upgrade).
    public static let renewed = FigureMetric(rawValue: "renewed")
    /// Subscriptions whose access ended for good (expired, billing retry given up, refunded),
    /// counted on the day access ended.
    public static let churned = FigureMetric(rawValue: "churned")
    /// Paid periods that directly followed a free trial.
    public static let trialsConverted = FigureMetric(rawValue: "trialsConverted")
    /// Refunded transactions (not Family Sharing revocations, not upgrades), counted on the refund day.
    public static let refunds = FigureMetric(rawValue: "refunds")
    /// Units sold per product: a purchase's quantity (a multiseat purchase's seats) on its
    /// purchase day, less the units a refund took back on the refund day. Family Sharing copies
    /// and assigned group seats are not sales (``Sale``).
    public static let units = FigureMetric(rawValue: "units")
    /// Customer price of the day's purchases, per currency (`price × quantity`, or a multiseat
    /// purchase's price tiers; Family Sharing copies and assigned group seats excluded).
    public static let revenue = FigureMetric(rawValue: "revenue")
    /// Estimated developer proceeds of the same purchases (``ProceedsEstimator``, commission only).
    public static let proceeds = FigureMetric(rawValue: "proceeds")
    /// Customer price of the day's refunds, per currency (a seat-based refund: the seats it took
    /// back).
    public static let refunded = FigureMetric(rawValue: "refunded")
}

/// The phases active subscriptions are counted in.
public enum FigurePhase: String, Hashable, Sendable, Codable, CaseIterable {
    case trial
    /// A paid introductory offer.
    case intro
    /// A promotional offer, offer code or win-back offer.
    case promotional
    /// A regular paid period.
    case standard
    /// Billing failed; access continues in Apple's grace period.
    case grace
    /// Billing failed; Apple is still retrying.
    case billingRetry

    /// The phase a paid period is counted in, from its offer.
    public init(period: PaidPeriod) {
        switch SubscriptionView.offerPhase(period) {
        case .trial: self = .trial
        case .introOffer: self = .intro
        case .promotionalOffer, .offerCode, .winBack: self = .promotional
        default: self = .standard
        }
    }
}
