public import AppStoreModels

/// The app's choices about subscription access that Apple leaves to it.
public struct SubscriptionPolicy: Hashable, Sendable, Codable {
    /// Whether a subscription in billing retry (past its expiry, no grace period) keeps access
    /// while Apple retries, up to ``billingRetryLimit`` after the period's expiry. Grace periods
    /// always keep access. Never under a 12-month commitment, where Apple asks that access stop
    /// at a failed billing (``SubscriptionCommitment``).
    public var billingRetryGrantsAccess: Bool

    public init(billingRetryGrantsAccess: Bool = false) {
        self.billingRetryGrantsAccess = billingRetryGrantsAccess
    }

    /// Apple retries billing for up to 60 days.
    public static let billingRetryLimit: Int64 = 60 * 86_400_000
}

/// A span of continuous access: consecutive periods merged, plus a grace period.
public struct AccessWindow: Hashable, Sendable, Codable {
    public var start: Timestamp
    public var end: Timestamp
    /// The product of the period that ends the window.
    public var productId: String
    /// Whether the window's end is a billing grace period's end rather than a period's.
    public var endsInGracePeriod: Bool

    public init(start: Timestamp, end: Timestamp, productId: String, endsInGracePeriod: Bool = false) {
        self.start = start
        self.end = end
        self.productId = productId
        self.endsInGracePeriod = endsInGracePeriod
    }

    public func contains(_ instant: Timestamp) -> Bool { start <= instant && instant < end }

    /// Extends the last window from `from` to `to` if it reaches `from`, else appends one.
    static func extend(_ windows: inout [AccessWindow], from: Timestamp, to: Timestamp, productId: String, grace: Bool) {
        guard to > from else { return }
        if let last = windows.last, last.end >= from {
            guard to > last.end else { return }
            windows[windows.count - 1].end = to
            windows[windows.count - 1].productId = productId
            windows[windows.count - 1].endsInGracePeriod = grace
        } else {
            windows.append(AccessWindow(start: from, end: to, productId: productId, endsInGracePeriod: grace))
        }
    }
}

/// Whether a customer is entitled by a subscription at one instant, and until when.
public struct SubscriptionAccess: Hashable, Sendable, Codable {
    public enum Basis: String, Hashable, Sendable, Codable {
        /// A paid (or trial/offer) period covers the instant.
        case paidPeriod
        /// A billing grace period covers the instant.
        case gracePeriod
        /// Billing retry covers the instant because the policy says so.
        case billingRetry
    }

    public var isEntitled: Bool
    /// When access ends (nil when not entitled).
    public var expiresDate: Timestamp?
    /// The product that grants access (nil when not entitled).
    public var productId: String?
    public var basis: Basis?

    public init(isEntitled: Bool, expiresDate: Timestamp? = nil, productId: String? = nil, basis: Basis? = nil) {
        self.isEntitled = isEntitled
        self.expiresDate = expiresDate
        self.productId = productId
        self.basis = basis
    }

    public static let none = SubscriptionAccess(isEntitled: false)
}

extension SubscriptionState {
    /// Whether the subscription entitles its customer at `now`, and until when.
    ///
    /// Access comes from the paid periods (each ends at the earliest of its expiry, its
    /// revocation, and the next period's start, so a replaced or refunded period never adds
    /// time), extended to the grace period's end while in grace, and, only if
    /// `policy.billingRetryGrantsAccess`, through billing retry.
    public func access(at now: Timestamp, policy: SubscriptionPolicy = SubscriptionPolicy()) -> SubscriptionAccess {
        let view = self.view
        guard let window = accessWindows(policy: policy).last(where: { $0.contains(now) }) else { return .none }
        let basis: SubscriptionAccess.Basis
        if let current = view.currentPeriod, now >= current.accessEnd, window.end > current.accessEnd {
            basis = view.phase == .billingRetry ? .billingRetry : .gracePeriod
        } else {
            basis = .paidPeriod
        }
        return SubscriptionAccess(isEntitled: true, expiresDate: window.end, productId: window.productId, basis: basis)
    }

    /// Every window of access under `policy`: the view's windows (paid periods and grace),
    /// extended through billing retry when the policy grants access then.
    public func accessWindows(policy: SubscriptionPolicy = SubscriptionPolicy()) -> [AccessWindow] {
        let view = self.view
        var windows = view.accessWindows
        if policy.billingRetryGrantsAccess, view.phase == .billingRetry, let current = view.currentPeriod,
            !current.isBilledUnderCommitment, let expires = current.expiresDate
        {
            AccessWindow.extend(
                &windows, from: current.accessEnd, to: expires.adding(milliseconds: SubscriptionPolicy.billingRetryLimit),
                productId: current.productId, grace: false)
        }
        return windows
    }
}
