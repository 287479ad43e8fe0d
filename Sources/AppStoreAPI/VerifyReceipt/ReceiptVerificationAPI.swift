public import AppStoreModels

/// Apple's legacy `verifyReceipt` endpoint as the domain sees it.
///
/// Production is asked first (unless configured otherwise); status 21007 sends the receipt to the
/// sandbox — only if sandbox receipts are allowed — and 21008 sends it back to production. The
/// ``ReceiptVerificationResult`` always names the environment that answered: a sandbox receipt is
/// never silently accepted as production.
///
/// Statuses 21002, 21005, 21009 and 21100–21199, 5xx answers and transport failures are retried
/// with backoff. Final failures are ``AppStoreAPIError``s: 21003 → `receiptInvalid`, 21004 →
/// `sharedSecretMismatch`, 21010 → `receiptAccountNotFound`, 21002 after every retry →
/// `receiptInvalid`, 21005/21009/211xx after every retry → `receiptServiceUnavailable`, 21007 with
/// sandbox forbidden → `sandboxNotAllowed`.
public protocol ReceiptVerificationAPI: Sendable {
    /// Verifies `request.receiptData`, sending `password` (the app's shared secret, needed for
    /// auto-renewable subscriptions) and `exclude-old-transactions` when set.
    ///
    /// - Parameter allowSandbox: Whether a 21007 may be followed to the sandbox; `nil` uses the
    ///   configured policy.
    func verifyReceipt(
        _ request: VerifyReceiptRequest,
        allowSandbox: Bool?
    ) async throws(AppStoreAPIError) -> ReceiptVerificationResult
}

extension ReceiptVerificationAPI {
    /// Verifies with the configured sandbox policy.
    public func verifyReceipt(_ request: VerifyReceiptRequest) async throws(AppStoreAPIError) -> ReceiptVerificationResult {
        try await verifyReceipt(request, allowSandbox: nil)
    }
}

/// A receipt Apple accepted (status 0, or 21006 for an expired iOS 6-style subscription receipt).
public struct ReceiptVerificationResult: Hashable, Sendable {
    /// One answer on the way to the result.
    public struct Step: Hashable, Sendable {
        /// The environment whose endpoint answered.
        public var environment: AppStoreEnvironment
        /// Its `status`.
        public var status: VerifyReceiptStatus
        /// How many HTTP attempts that environment took.
        public var attempts: Int
    }

    /// The environment whose `verifyReceipt` endpoint accepted the receipt: `.production` or
    /// `.sandbox`. Bind entitlements to it (sandbox money is not production money).
    public let environment: AppStoreEnvironment
    /// Apple's decoded response.
    public let response: VerifyReceiptResponse
    /// Every environment asked, in order (for example production → 21007, then sandbox → 0).
    public let steps: [Step]

    /// The final status (0 or 21006).
    public var status: VerifyReceiptStatus { response.status }
    /// Whether the receipt was accepted by the sandbox.
    public var isSandbox: Bool { environment == .sandbox }
    /// Whether the answer came after following a 21007 or 21008 redirect.
    public var wasRedirected: Bool { steps.count > 1 }
}
