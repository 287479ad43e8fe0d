/// Every App Store Server API endpoint Storekeeper calls, and the one place each is described:
/// its HTTP method, its path (``pathTemplate``), Apple's production rate limit and whether a call
/// may be repeated. The client in AppStoreAPI builds its requests and rate-limit buckets from it
/// and the simulator registers its routes from it, so a path is written exactly once.
///
/// A fixed, bounded set: the raw values name metrics, rate-limit buckets and the simulator's fault
/// rules; never a raw path or an identifier.
public enum AppStoreServerEndpoint: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Get Transaction Info.
    case getTransactionInfo
    /// Get Transaction History (version 2).
    case getTransactionHistory
    /// Get All Subscription Statuses.
    case getAllSubscriptionStatuses
    /// Get Refund History (version 2).
    case getRefundHistory
    /// Look Up Order ID.
    case lookUpOrderId
    /// Get App Transaction Info.
    case getAppTransactionInfo
    /// Extend a Subscription Renewal Date.
    case extendSubscriptionRenewalDate
    /// Extend Subscription Renewal Dates for All Active Subscribers.
    case extendRenewalDatesForAllActiveSubscribers
    /// Get Status of Subscription Renewal Date Extensions.
    case getStatusOfSubscriptionRenewalDateExtensions
    /// Send Consumption Information (version 2).
    case sendConsumptionInformation
    /// Send Consumption Information (version 1).
    case sendConsumptionInformationV1
    /// Get Notification History.
    case getNotificationHistory
    /// Request a Test Notification.
    case requestTestNotification
    /// Get Test Notification Status.
    case getTestNotificationStatus
    /// Set App Account Token.
    case setAppAccountToken
    /// Finish Transaction.
    case finishTransaction
    /// Get Customer Groups (sandbox only).
    case getCustomerGroups
    /// Get Group Members (sandbox only).
    case getGroupMembers
    /// Get Seat Info (sandbox only).
    case getSeatInfo
    /// Claim Seat (sandbox only).
    case claimSeat
    /// Unclaim Seat (sandbox only).
    case unclaimSeat
    /// Associate Seat (sandbox only).
    case associateSeat
    /// Retention Messaging API: Upload Image (a PNG body).
    case uploadRetentionImage
    /// Retention Messaging API: Get Image List.
    case getRetentionImageList
    /// Retention Messaging API: Delete Image.
    case deleteRetentionImage
    /// Retention Messaging API: Upload Message.
    case uploadRetentionMessage
    /// Retention Messaging API: Get Message List.
    case getRetentionMessageList
    /// Retention Messaging API: Delete Message.
    case deleteRetentionMessage
    /// Retention Messaging API: Configure Default Message.
    case configureDefaultRetentionMessage
    /// Retention Messaging API: Get Default Message.
    case getDefaultRetentionMessage
    /// Retention Messaging API: Delete Default Message.
    case deleteDefaultRetentionMessage
    /// Retention Messaging API: Configure Realtime URL.
    case configureRealtimeURL
    /// Retention Messaging API: Get Realtime URL.
    case getRealtimeURL
    /// Retention Messaging API: Delete Realtime URL.
    case deleteRealtimeURL
    /// Retention Messaging API: Initiate Performance Test (sandbox only).
    case initiatePerformanceTest
    /// Retention Messaging API: Get Performance Test Results (sandbox only).
    case getPerformanceTestResults

    public var description: String { rawValue }

    /// The HTTP method Apple documents for the endpoint.
    public var method: String {
        switch self {
        case .getTransactionInfo, .getTransactionHistory, .getAllSubscriptionStatuses, .getRefundHistory,
            .lookUpOrderId, .getAppTransactionInfo, .getStatusOfSubscriptionRenewalDateExtensions,
            .getTestNotificationStatus, .getCustomerGroups, .getGroupMembers, .getSeatInfo, .getRetentionImageList,
            .getRetentionMessageList, .getDefaultRetentionMessage, .getRealtimeURL, .getPerformanceTestResults:
            return "GET"
        case .extendSubscriptionRenewalDate, .sendConsumptionInformation, .sendConsumptionInformationV1,
            .setAppAccountToken, .associateSeat, .uploadRetentionImage, .uploadRetentionMessage,
            .configureDefaultRetentionMessage, .configureRealtimeURL:
            return "PUT"
        case .extendRenewalDatesForAllActiveSubscribers, .getNotificationHistory, .requestTestNotification,
            .finishTransaction, .claimSeat, .initiatePerformanceTest:
            return "POST"
        case .unclaimSeat, .deleteRetentionImage, .deleteRetentionMessage, .deleteDefaultRetentionMessage, .deleteRealtimeURL:
            return "DELETE"
        }
    }

    /// Apple's documented path, each parameter written `{name}` (see ``pathComponents``).
    ///
    /// One departure: Apple names Set App Account Token's parameter `originalTransactionId`; it is
    /// `transactionId` here because it stands where Get Transaction Info's does, and a router
    /// (the simulator's) needs one parameter name per position.
    public var pathTemplate: String {
        switch self {
        case .getTransactionInfo: "/inApps/v1/transactions/{transactionId}"
        case .getTransactionHistory: "/inApps/v2/history/{transactionId}"
        case .getAllSubscriptionStatuses: "/inApps/v1/subscriptions/{transactionId}"
        case .getRefundHistory: "/inApps/v2/refund/lookup/{transactionId}"
        case .lookUpOrderId: "/inApps/v1/lookup/{orderId}"
        case .getAppTransactionInfo: "/inApps/v1/transactions/appTransactions/{transactionId}"
        case .extendSubscriptionRenewalDate: "/inApps/v1/subscriptions/extend/{originalTransactionId}"
        case .extendRenewalDatesForAllActiveSubscribers: "/inApps/v1/subscriptions/extend/mass"
        case .getStatusOfSubscriptionRenewalDateExtensions: "/inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}"
        case .sendConsumptionInformation: "/inApps/v2/transactions/consumption/{transactionId}"
        case .sendConsumptionInformationV1: "/inApps/v1/transactions/consumption/{transactionId}"
        case .getNotificationHistory: "/inApps/v1/notifications/history"
        case .requestTestNotification: "/inApps/v1/notifications/test"
        case .getTestNotificationStatus: "/inApps/v1/notifications/test/{testNotificationToken}"
        case .setAppAccountToken: "/inApps/v1/transactions/{transactionId}/appAccountToken"
        case .finishTransaction: "/inApps/v1/transactions/{transactionId}/finish"
        case .getCustomerGroups: "/groups/v1/currentGroups/{transactionId}"
        case .getGroupMembers: "/groups/v1/group/{groupId}"
        case .getSeatInfo, .claimSeat: "/groups/v1/transactions/{transactionId}/seats"
        case .unclaimSeat, .associateSeat: "/groups/v1/transactions/{transactionId}/seats/{seatClaimId}"
        case .uploadRetentionImage, .deleteRetentionImage: "/inApps/v1/messaging/image/{imageIdentifier}"
        case .getRetentionImageList: "/inApps/v1/messaging/image/list"
        case .uploadRetentionMessage, .deleteRetentionMessage: "/inApps/v1/messaging/message/{messageIdentifier}"
        case .getRetentionMessageList: "/inApps/v1/messaging/message/list"
        case .configureDefaultRetentionMessage, .getDefaultRetentionMessage, .deleteDefaultRetentionMessage:
            "/inApps/v1/messaging/default/{productId}/{locale}"
        case .configureRealtimeURL, .getRealtimeURL, .deleteRealtimeURL: "/inApps/v1/messaging/realtime/url"
        case .initiatePerformanceTest: "/inApps/v1/messaging/performanceTest"
        case .getPerformanceTestResults: "/inApps/v1/messaging/performanceTest/result/{requestId}"
        }
    }

    /// The segments of ``pathTemplate`` (without the leading `/`), literals and named parameters.
    public var pathComponents: [EndpointPathComponent] { EndpointPathComponent.parse(pathTemplate) }

    /// The names of the path's parameters, in order.
    public var pathParameters: [String] {
        pathComponents.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The path with `values` in place of the parameters, in ``pathParameters`` order. The caller
    /// percent-encodes the values; passing the wrong number of them is a programming error.
    public func path(_ values: [String]) -> String {
        EndpointPathComponent.fill(pathComponents, with: values, endpoint: rawValue)
    }

    /// Apple's production budget for the endpoint in requests per second; each endpoint is its
    /// own rate-limit bucket, per app, and sandbox budgets are 10% of these.
    ///
    /// Source: Apple, *App Store Server API › Identifying rate limits*
    /// (https://developer.apple.com/documentation/appstoreserverapi/identifying-rate-limits):
    /// "The request limits apply per app. [...] The system enforces rate limits on an hourly basis.
    /// [...] The rate limits in the sandbox environment are 10% of the limits in the table above."
    /// Get Status of Subscription Renewal Date Extensions is not in Apple's table; it is treated
    /// like the other mass-extension endpoint (1). The group and seat endpoints (1.22, 1.23,
    /// sandbox only) are not in the table either; they get the budget of the other per-customer
    /// lookups that are not on the purchase path (10).
    ///
    /// The Retention Messaging API's endpoints are Apple's *Retention Messaging API › Identifying
    /// rate limits* table: Configure Default Message 10 per second, every other endpoint 1.
    public var appleRequestsPerSecond: Double {
        switch self {
        case .finishTransaction, .getAppTransactionInfo, .getTransactionInfo, .getTransactionHistory,
            .getAllSubscriptionStatuses, .sendConsumptionInformation, .sendConsumptionInformationV1,
            .getNotificationHistory:
            50
        case .extendSubscriptionRenewalDate, .setAppAccountToken: 20
        case .configureDefaultRetentionMessage: 10
        case .uploadRetentionImage, .getRetentionImageList, .deleteRetentionImage, .uploadRetentionMessage,
            .getRetentionMessageList, .deleteRetentionMessage, .getDefaultRetentionMessage, .deleteDefaultRetentionMessage,
            .configureRealtimeURL, .getRealtimeURL, .deleteRealtimeURL, .initiatePerformanceTest, .getPerformanceTestResults:
            1
        case .lookUpOrderId, .getRefundHistory, .getCustomerGroups, .getGroupMembers, .getSeatInfo, .claimSeat,
            .unclaimSeat, .associateSeat:
            10
        case .extendRenewalDatesForAllActiveSubscribers, .requestTestNotification, .getTestNotificationStatus,
            .getStatusOfSubscriptionRenewalDateExtensions:
            1
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
    /// - Claim Seat (`POST`) is idempotent by its `requestIdentifier`: Apple documents that a retry
    ///   with the same identifier returns the first claim's `seatClaimId` instead of claiming a
    ///   second seat. Unclaim Seat (`DELETE`) and Associate Seat (`PUT`) set a claim's state.
    ///
    /// - The Retention Messaging API's `PUT`s of a default message and of the real-time URL
    ///   replace a value ("This endpoint is idempotent"), and its `DELETE`s remove one.
    ///
    /// Not retried automatically: Request a Test Notification (each call sends a new notification)
    /// and Finish Transaction (a `POST` Apple does not document as idempotent), Upload Image and
    /// Upload Message (Apple: "This endpoint isn't idempotent": a repeat of an upload that arrived
    /// answers 409) and Initiate Performance Test (each call starts a test). Callers may retry
    /// those themselves when `isRetryable` says so.
    public var isIdempotent: Bool {
        switch self {
        case .requestTestNotification, .finishTransaction, .uploadRetentionImage, .uploadRetentionMessage,
            .initiatePerformanceTest:
            return false
        default:
            return true
        }
    }
}
