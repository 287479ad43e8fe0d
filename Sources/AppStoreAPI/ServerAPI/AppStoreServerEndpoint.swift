/// Every App Store Server API endpoint this client calls: a fixed, bounded set (it names metrics
/// and rate-limit buckets; never a raw path or an identifier).
public enum AppStoreServerEndpoint: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `GET /inApps/v1/transactions/{transactionId}`
    case getTransactionInfo
    /// `GET /inApps/v2/history/{transactionId}`
    case getTransactionHistory
    /// `GET /inApps/v1/subscriptions/{transactionId}`
    case getAllSubscriptionStatuses
    /// `GET /inApps/v2/refund/lookup/{transactionId}`
    case getRefundHistory
    /// `GET /inApps/v1/lookup/{orderId}`
    case lookUpOrderId
    /// `GET /inApps/v1/transactions/appTransactions/{transactionId}`
    case getAppTransactionInfo
    /// `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`
    case extendSubscriptionRenewalDate
    /// `POST /inApps/v1/subscriptions/extend/mass`
    case extendRenewalDatesForAllActiveSubscribers
    /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`
    case getStatusOfSubscriptionRenewalDateExtensions
    /// `PUT /inApps/v2/transactions/consumption/{transactionId}`
    case sendConsumptionInformation
    /// `PUT /inApps/v1/transactions/consumption/{transactionId}`
    case sendConsumptionInformationV1
    /// `POST /inApps/v1/notifications/history`
    case getNotificationHistory
    /// `POST /inApps/v1/notifications/test`
    case requestTestNotification
    /// `GET /inApps/v1/notifications/test/{testNotificationToken}`
    case getTestNotificationStatus
    /// `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`
    case setAppAccountToken
    /// `POST /inApps/v1/transactions/{transactionId}/finish`
    case finishTransaction

    public var description: String { rawValue }

    /// The HTTP method Apple documents for the endpoint.
    public var method: String {
        switch self {
        case .getTransactionInfo, .getTransactionHistory, .getAllSubscriptionStatuses, .getRefundHistory,
            .lookUpOrderId, .getAppTransactionInfo, .getStatusOfSubscriptionRenewalDateExtensions,
            .getTestNotificationStatus:
            return "GET"
        case .extendSubscriptionRenewalDate, .sendConsumptionInformation, .sendConsumptionInformationV1,
            .setAppAccountToken:
            return "PUT"
        case .extendRenewalDatesForAllActiveSubscribers, .getNotificationHistory, .requestTestNotification,
            .finishTransaction:
            return "POST"
        }
    }

    /// Whether repeating the call cannot have a second effect, so the client retries it
    /// automatically on 5xx, timeouts and connection failures.
    ///
    /// - Every `GET` is a read.
    /// - `PUT`s replace a value: Send Consumption Information (V1 and V2) and Set App Account
    ///   Token store the same data again.
    /// - Extend a Subscription Renewal Date (`PUT`) and Extend Subscription Renewal Dates for All
    ///   Active Subscribers (`POST`) are idempotent by their `requestIdentifier`: Apple documents
    ///   "To resend the same request due to a timeout or other error, use the same request
    ///   identifier", and for the mass endpoint "If you reuse the requestIdentifier to call the
    ///   endpoint again, the server responds with 200". The client resends the same body.
    /// - Get Notification History is a `POST` only to carry its filter body; it creates nothing.
    ///
    /// Not retried automatically: Request a Test Notification (each call sends a new notification)
    /// and Finish Transaction (a `POST` Apple does not document as idempotent). Callers may retry
    /// those themselves when `isRetryable` says so.
    public var isIdempotent: Bool {
        switch self {
        case .requestTestNotification, .finishTransaction:
            return false
        default:
            return true
        }
    }
}
