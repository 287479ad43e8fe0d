/// The `status` of a verifyReceipt response (and of a V1 notification's `unified_receipt`); `0` means the receipt is valid.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct VerifyReceiptStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The receipt is valid (even if a subscription in it has expired).
    public static let valid = VerifyReceiptStatus(rawValue: 0)
    /// The request was not an HTTP POST (or its JSON could not be read).
    public static let requestNotPost = VerifyReceiptStatus(rawValue: 21000)
    /// No longer sent by the App Store.
    public static let noLongerSent = VerifyReceiptStatus(rawValue: 21001)
    /// The `receipt-data` was malformed or the service had a temporary issue; try again.
    public static let malformedReceiptData = VerifyReceiptStatus(rawValue: 21002)
    /// The receipt could not be authenticated.
    public static let receiptNotAuthenticated = VerifyReceiptStatus(rawValue: 21003)
    /// The shared secret (`password`) does not match the one on file.
    public static let sharedSecretMismatch = VerifyReceiptStatus(rawValue: 21004)
    /// The receipt server was temporarily unable to provide the receipt; try again.
    public static let receiptServerUnavailable = VerifyReceiptStatus(rawValue: 21005)
    /// The receipt is valid but the subscription expired (iOS 6-style receipts only); the receipt
    /// is still decoded in the response.
    public static let subscriptionExpired = VerifyReceiptStatus(rawValue: 21006)
    /// The receipt is from the sandbox but was sent to production; verify it against the sandbox
    /// URL.
    public static let sandboxReceiptSentToProduction = VerifyReceiptStatus(rawValue: 21007)
    /// The receipt is from production but was sent to the sandbox; verify it against the production
    /// URL.
    public static let productionReceiptSentToSandbox = VerifyReceiptStatus(rawValue: 21008)
    /// Internal data access error; try again later.
    public static let internalDataAccessError = VerifyReceiptStatus(rawValue: 21009)
    /// The user account cannot be found or has been deleted.
    public static let accountNotFound = VerifyReceiptStatus(rawValue: 21010)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [VerifyReceiptStatus] = [
        .valid,
        .requestNotPost,
        .noLongerSent,
        .malformedReceiptData,
        .receiptNotAuthenticated,
        .sharedSecretMismatch,
        .receiptServerUnavailable,
        .subscriptionExpired,
        .sandboxReceiptSentToProduction,
        .productionReceiptSentToSandbox,
        .internalDataAccessError,
        .accountNotFound,
    ]

    /// The codes Apple reserves for internal data access errors (all retryable).
    public static let internalDataAccessErrorRange: ClosedRange<Int> = 21100...21199

    /// Whether the status is one of the internal data access errors `21100–21199`.
    public var isInternalDataAccessError: Bool { Self.internalDataAccessErrorRange.contains(rawValue) }

    /// Whether Apple says to try the same request again later: 21002, 21005, 21009, 21100–21199.
    public var isRetryable: Bool {
        self == .malformedReceiptData || self == .receiptServerUnavailable || self == .internalDataAccessError
            || isInternalDataAccessError
    }

    /// The raw value as text.
    public var description: String { String(rawValue) }
}
