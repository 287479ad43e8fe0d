public import AppStoreModels
import Foundation

/// The endpoints; each path and method comes from ``AppStoreServerEndpoint``.
extension AppStoreServerAPIClient {
    public func getTransactionInfo(transactionId: String) async throws(AppStoreAPIError) -> TransactionInfoResponse {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .getTransactionInfo)
        return try await perform(
            EndpointCall(endpoint: .getTransactionInfo, parameters: id),
            as: TransactionInfoResponse.self)
    }

    public func getTransactionHistory(
        transactionId: String,
        request: TransactionHistoryRequest
    ) async throws(AppStoreAPIError) -> HistoryResponse {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .getTransactionHistory)
        return try await perform(
            EndpointCall(endpoint: .getTransactionHistory, parameters: id, query: request.queryItems),
            as: HistoryResponse.self)
    }

    public func getAllSubscriptionStatuses(
        transactionId: String,
        request: AllSubscriptionStatusesRequest
    ) async throws(AppStoreAPIError) -> StatusResponse {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .getAllSubscriptionStatuses)
        return try await perform(
            EndpointCall(endpoint: .getAllSubscriptionStatuses, parameters: id, query: request.queryItems),
            as: StatusResponse.self)
    }

    public func getRefundHistory(transactionId: String, revision: String?) async throws(AppStoreAPIError) -> RefundHistoryResponse {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .getRefundHistory)
        let query = revision.map { [URLQueryItem(name: "revision", value: $0)] } ?? []
        return try await perform(
            EndpointCall(endpoint: .getRefundHistory, parameters: id, query: query),
            as: RefundHistoryResponse.self)
    }

    public func lookUpOrderId(_ orderId: String) async throws(AppStoreAPIError) -> OrderLookupResponse {
        let id = try PathEncoding.require(orderId, "orderId", for: .lookUpOrderId)
        return try await perform(
            EndpointCall(endpoint: .lookUpOrderId, parameters: id), as: OrderLookupResponse.self)
    }

    public func getAppTransactionInfo(transactionId: String) async throws(AppStoreAPIError) -> AppTransactionInfoResponse {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .getAppTransactionInfo)
        return try await perform(
            EndpointCall(endpoint: .getAppTransactionInfo, parameters: id),
            as: AppTransactionInfoResponse.self)
    }

    public func extendSubscriptionRenewalDate(
        originalTransactionId: String,
        request: ExtendRenewalDateRequest
    ) async throws(AppStoreAPIError) -> ExtendRenewalDateResponse {
        let endpoint = AppStoreServerEndpoint.extendSubscriptionRenewalDate
        let id = try PathEncoding.require(originalTransactionId, "originalTransactionId", for: endpoint)
        return try await perform(
            EndpointCall(
                endpoint: endpoint, parameters: id,
                body: try encode(request, for: endpoint)),
            as: ExtendRenewalDateResponse.self)
    }

    public func extendRenewalDatesForAllActiveSubscribers(
        _ request: MassExtendRenewalDateRequest
    ) async throws(AppStoreAPIError) -> MassExtendRenewalDateResponse {
        let endpoint = AppStoreServerEndpoint.extendRenewalDatesForAllActiveSubscribers
        return try await perform(
            EndpointCall(endpoint: endpoint, body: try encode(request, for: endpoint)),
            as: MassExtendRenewalDateResponse.self)
    }

    public func getStatusOfSubscriptionRenewalDateExtensions(
        productId: String,
        requestIdentifier: String
    ) async throws(AppStoreAPIError) -> MassExtendRenewalDateStatusResponse {
        let endpoint = AppStoreServerEndpoint.getStatusOfSubscriptionRenewalDateExtensions
        let product = try PathEncoding.require(productId, "productId", for: endpoint)
        let identifier = try PathEncoding.require(requestIdentifier, "requestIdentifier", for: endpoint)
        return try await perform(
            EndpointCall(endpoint: endpoint, parameters: product, identifier),
            as: MassExtendRenewalDateStatusResponse.self)
    }

    public func sendConsumptionInformation(
        transactionId: String,
        request: ConsumptionRequest
    ) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.sendConsumptionInformation
        let id = try PathEncoding.require(transactionId, "transactionId", for: endpoint)
        _ = try await perform(
            EndpointCall(
                endpoint: endpoint, parameters: id, body: try encode(request, for: endpoint)))
    }

    public func sendConsumptionInformationV1(
        transactionId: String,
        request: ConsumptionRequestV1
    ) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.sendConsumptionInformationV1
        let id = try PathEncoding.require(transactionId, "transactionId", for: endpoint)
        _ = try await perform(
            EndpointCall(
                endpoint: endpoint, parameters: id, body: try encode(request, for: endpoint)))
    }

    public func getNotificationHistory(
        request: NotificationHistoryRequest,
        paginationToken: String?
    ) async throws(AppStoreAPIError) -> NotificationHistoryResponse {
        let endpoint = AppStoreServerEndpoint.getNotificationHistory
        let query = paginationToken.map { [URLQueryItem(name: "paginationToken", value: $0)] } ?? []
        return try await perform(
            EndpointCall(
                endpoint: endpoint, query: query,
                body: try encode(request, for: endpoint)),
            as: NotificationHistoryResponse.self)
    }

    public func requestTestNotification() async throws(AppStoreAPIError) -> SendTestNotificationResponse {
        try await perform(
            EndpointCall(endpoint: .requestTestNotification),
            as: SendTestNotificationResponse.self)
    }

    public func getTestNotificationStatus(
        testNotificationToken: String
    ) async throws(AppStoreAPIError) -> CheckTestNotificationResponse {
        let endpoint = AppStoreServerEndpoint.getTestNotificationStatus
        let token = try PathEncoding.require(testNotificationToken, "testNotificationToken", for: endpoint)
        return try await perform(
            EndpointCall(endpoint: endpoint, parameters: token),
            as: CheckTestNotificationResponse.self)
    }

    public func setAppAccountToken(
        originalTransactionId: String,
        request: UpdateAppAccountTokenRequest
    ) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.setAppAccountToken
        let id = try PathEncoding.require(originalTransactionId, "originalTransactionId", for: endpoint)
        _ = try await perform(
            EndpointCall(
                endpoint: endpoint, parameters: id,
                body: try encode(request, for: endpoint)))
    }

    public func finishTransaction(transactionId: String) async throws(AppStoreAPIError) {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .finishTransaction)
        _ = try await perform(EndpointCall(endpoint: .finishTransaction, parameters: id))
    }
}
