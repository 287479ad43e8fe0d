public import AppStoreModels

/// Walkers over the paginated endpoints, for any ``AppStoreServerAPI`` implementation.
extension AppStoreServerAPI {
    /// The default cap on pages walked (20 records each).
    public static var defaultMaximumPages: Int { 50_000 }

    /// Every page of Get Transaction History (v2) for `request`'s filters, following `revision`
    /// until `hasMore` is false. Starts at `request.revision` (`nil`: from the beginning).
    public func transactionHistory(
        transactionId: String,
        request: TransactionHistoryRequest = TransactionHistoryRequest(),
        maximumPages: Int = Self.defaultMaximumPages
    ) -> AppStorePages<HistoryResponse> {
        AppStorePages(
            endpoint: .getTransactionHistory, firstToken: request.revision, maximumPages: maximumPages,
            fetch: { revision async throws(AppStoreAPIError) in
                var page = request
                page.revision = revision
                return try await self.getTransactionHistory(transactionId: transactionId, request: page)
            },
            continuation: { ($0.hasMore == true, $0.revision) })
    }

    /// Every page of Get Refund History (v2), following `revision` until `hasMore` is false.
    /// Start from a `revision` stored from an earlier walk's last page to get only newer refunds.
    public func refundHistory(
        transactionId: String,
        revision: String? = nil,
        maximumPages: Int = Self.defaultMaximumPages
    ) -> AppStorePages<RefundHistoryResponse> {
        AppStorePages(
            endpoint: .getRefundHistory, firstToken: revision, maximumPages: maximumPages,
            fetch: { revision async throws(AppStoreAPIError) in
                try await self.getRefundHistory(transactionId: transactionId, revision: revision)
            },
            continuation: { ($0.hasMore == true, $0.revision) })
    }

    /// Every page of Get Notification History for the same `request` body, following
    /// `paginationToken` until `hasMore` is false.
    public func notificationHistory(
        request: NotificationHistoryRequest,
        paginationToken: String? = nil,
        maximumPages: Int = Self.defaultMaximumPages
    ) -> AppStorePages<NotificationHistoryResponse> {
        AppStorePages(
            endpoint: .getNotificationHistory, firstToken: paginationToken, maximumPages: maximumPages,
            fetch: { token async throws(AppStoreAPIError) in
                try await self.getNotificationHistory(request: request, paginationToken: token)
            },
            continuation: { ($0.hasMore == true, $0.paginationToken) })
    }

    /// All signed transactions of the history (unverified JWS strings, in Apple's order).
    public func allSignedTransactions(
        transactionId: String,
        request: TransactionHistoryRequest = TransactionHistoryRequest()
    ) async throws(AppStoreAPIError) -> [String] {
        var all: [String] = []
        var pages = transactionHistory(transactionId: transactionId, request: request).makeAsyncIterator()
        while let page = try await pages.next() { all += page.signedTransactions ?? [] }
        return all
    }

    /// All refunded transactions (unverified JWS strings).
    public func allRefundedTransactions(transactionId: String) async throws(AppStoreAPIError) -> [String] {
        var all: [String] = []
        var pages = refundHistory(transactionId: transactionId).makeAsyncIterator()
        while let page = try await pages.next() { all += page.signedTransactions ?? [] }
        return all
    }

    /// All notification history records for `request`.
    public func allNotificationHistory(
        request: NotificationHistoryRequest
    ) async throws(AppStoreAPIError) -> [NotificationHistoryResponseItem] {
        var all: [NotificationHistoryResponseItem] = []
        var pages = notificationHistory(request: request).makeAsyncIterator()
        while let page = try await pages.next() { all += page.notificationHistory ?? [] }
        return all
    }
}
