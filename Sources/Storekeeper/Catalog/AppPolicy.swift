/// The choices an app makes about money and access, where the App Store leaves them open.
public struct AppPolicy: Hashable, Sendable, Codable {
    /// What happens when a second app account presents an Apple account's purchase.
    public var transfer: TransferPolicy
    /// What a refund of already-spent currency does to the wallet.
    public var debt: DebtPolicy
    /// Whether a subscription in billing retry (no grace period) keeps access. Grace periods
    /// always keep access.
    public var billingRetryGrantsAccess: Bool
    /// How long a created or pending order waits for its payment before it expires.
    public var orderLifetimeMilliseconds: Int64
    /// A pending order younger than this blocks a new order for the same product as
    /// "payment in progress" (`seeds/004_*`).
    public var paymentInProgressMilliseconds: Int64
    /// Who decides introductory offer eligibility.
    public var introOffers: IntroOfferPolicy
    /// Whether sandbox purchases may grant anything in a production deployment (App Review
    /// buys in sandbox). When allowed, they are marked sandbox everywhere.
    public var sandbox: SandboxPolicy

    public init(
        transfer: TransferPolicy = .transfer, debt: DebtPolicy = .allowNegative, billingRetryGrantsAccess: Bool = false,
        orderLifetimeMilliseconds: Int64 = 24 * 3_600_000, paymentInProgressMilliseconds: Int64 = 30 * 60_000,
        introOffers: IntroOfferPolicy = .oncePerGroup, sandbox: SandboxPolicy = .allowForReview
    ) {
        self.transfer = transfer
        self.debt = debt
        self.billingRetryGrantsAccess = billingRetryGrantsAccess
        self.orderLifetimeMilliseconds = orderLifetimeMilliseconds
        self.paymentInProgressMilliseconds = paymentInProgressMilliseconds
        self.introOffers = introOffers
        self.sandbox = sandbox
    }
}

/// One Apple account's purchases presented by a second app account.
public enum TransferPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// The purchase moves to the account presenting it; the previous owner loses what it granted.
    case transfer
    /// The first owner keeps it; the presenter is told who owns it and gets nothing.
    case keep
    /// Rejected with 409 Conflict.
    case refuse
}

/// A refund clawing back currency the customer has already spent.
public enum DebtPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// The balance goes negative; spending is blocked until purchases bring it back.
    case allowNegative = "allow_negative"
    /// The balance stops at zero; the uncollectable rest is booked as a loss.
    case clamp
}

/// Who decides whether a customer may take an introductory offer.
public enum IntroOfferPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Whatever the App Store decides (per Apple ID).
    case apple
    /// Once per subscription group per app account, whatever the Apple ID (the "two products"
    /// workaround of `seeds/003_*` made a policy).
    case oncePerGroup = "once_per_group"
}

/// Sandbox purchases in a production deployment.
public enum SandboxPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Refused: only production money grants anything.
    case reject
    /// Accepted for App Review, and marked sandbox in every record and report.
    case allowForReview = "allow_for_review"
}
