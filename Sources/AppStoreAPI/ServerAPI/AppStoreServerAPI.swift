public import AppStoreModels

/// The App Store Server API as the domain sees it: one method per endpoint, Apple's request and
/// response bodies from `AppStoreModels`, failures as ``AppStoreAPIError``. No HTTP leaks through.
///
/// **Signed data is returned unverified.** Every `signed…` string in a response (transactions,
/// renewal infos, app transactions, notification payloads) is exactly what Apple sent; callers
/// must verify it with `SignedDataVerifier` (AppStoreVerification) before trusting any field.
///
/// Implementations: ``AppStoreServerAPIClient`` (HTTP, against Apple or the App Store simulator);
/// tests of code that depends on this protocol can use an in-memory fake.
public protocol AppStoreServerAPI: Sendable {
    /// Get Transaction Info: one transaction by any transaction identifier.
    func getTransactionInfo(transactionId: String) async throws(AppStoreAPIError) -> TransactionInfoResponse

    /// Get Transaction History (v2): one page (up to 20 transactions) of the customer's history.
    /// Pass the previous page's `revision` in `request.revision` for the next page; see
    /// ``AppStoreServerAPI/transactionHistory(transactionId:request:maximumPages:)`` to walk all pages.
    func getTransactionHistory(
        transactionId: String,
        request: TransactionHistoryRequest
    ) async throws(AppStoreAPIError) -> HistoryResponse

    /// Get All Subscription Statuses, optionally only those with the given statuses.
    func getAllSubscriptionStatuses(
        transactionId: String,
        request: AllSubscriptionStatusesRequest
    ) async throws(AppStoreAPIError) -> StatusResponse

    /// Get Refund History (v2): one page (up to 20 refunded transactions); `revision` is `nil` for
    /// the first page.
    func getRefundHistory(transactionId: String, revision: String?) async throws(AppStoreAPIError) -> RefundHistoryResponse

    /// Look Up Order ID: the transactions of the order ID on a customer's invoice.
    func lookUpOrderId(_ orderId: String) async throws(AppStoreAPIError) -> OrderLookupResponse

    /// Get App Transaction Info: the customer's app transaction.
    func getAppTransactionInfo(transactionId: String) async throws(AppStoreAPIError) -> AppTransactionInfoResponse

    /// Extend a Subscription Renewal Date for one subscription. Idempotent by
    /// `request.requestIdentifier`; retried automatically with the same body.
    func extendSubscriptionRenewalDate(
        originalTransactionId: String,
        request: ExtendRenewalDateRequest
    ) async throws(AppStoreAPIError) -> ExtendRenewalDateResponse

    /// Extend Subscription Renewal Dates for All Active Subscribers of a product. Idempotent by
    /// `request.requestIdentifier` (Apple answers 200 again); retried automatically.
    func extendRenewalDatesForAllActiveSubscribers(
        _ request: MassExtendRenewalDateRequest
    ) async throws(AppStoreAPIError) -> MassExtendRenewalDateResponse

    /// Get Status of Subscription Renewal Date Extensions started with a mass extension.
    func getStatusOfSubscriptionRenewalDateExtensions(
        productId: String,
        requestIdentifier: String
    ) async throws(AppStoreAPIError) -> MassExtendRenewalDateStatusResponse

    /// Send Consumption Information (v2 body, `PUT /inApps/v2/transactions/consumption/…`), in
    /// answer to a `CONSUMPTION_REQUEST`. Apple answers 202 with no body.
    func sendConsumptionInformation(
        transactionId: String,
        request: ConsumptionRequest
    ) async throws(AppStoreAPIError)

    /// Send Consumption Information V1 (original body, `PUT /inApps/v1/transactions/consumption/…`);
    /// Apple now directs purchases that don't use the Advanced Commerce API to the v2 endpoint.
    func sendConsumptionInformationV1(
        transactionId: String,
        request: ConsumptionRequestV1
    ) async throws(AppStoreAPIError)

    /// Get Notification History: one page (up to 20) of notifications Apple tried to send; pass the
    /// previous page's `paginationToken` for the next page, with the same `request`.
    func getNotificationHistory(
        request: NotificationHistoryRequest,
        paginationToken: String?
    ) async throws(AppStoreAPIError) -> NotificationHistoryResponse

    /// Request a Test Notification. Not retried automatically (each call sends a notification).
    func requestTestNotification() async throws(AppStoreAPIError) -> SendTestNotificationResponse

    /// Get Test Notification Status of a token from ``requestTestNotification()``.
    func getTestNotificationStatus(testNotificationToken: String) async throws(AppStoreAPIError) -> CheckTestNotificationResponse

    /// Set App Account Token on an original transaction (replacing any existing value).
    func setAppAccountToken(
        originalTransactionId: String,
        request: UpdateAppAccountTokenRequest
    ) async throws(AppStoreAPIError)

    /// Finish Transaction: tells Apple the server finished delivering the purchase. Not retried
    /// automatically (Apple does not document it as idempotent).
    func finishTransaction(transactionId: String) async throws(AppStoreAPIError)
}

extension AppStoreServerAPI {
    /// The first page of the full, unfiltered transaction history.
    public func getTransactionHistory(transactionId: String) async throws(AppStoreAPIError) -> HistoryResponse {
        try await getTransactionHistory(transactionId: transactionId, request: TransactionHistoryRequest())
    }

    /// Every subscription's status.
    public func getAllSubscriptionStatuses(transactionId: String) async throws(AppStoreAPIError) -> StatusResponse {
        try await getAllSubscriptionStatuses(transactionId: transactionId, request: AllSubscriptionStatusesRequest())
    }
}
