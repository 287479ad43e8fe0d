import AppStoreModels
import Foundation

extension SimulationEngine {
    /// How far back Get Notification History reaches.
    static let notificationHistoryWindow: Int64 = 180 * 86_400_000

    /// Get Notification History: notifications signed in [startDate, endDate), filtered by type
    /// and subtype, or by customer (any of their transaction IDs), optionally only those never
    /// delivered; 20 a page.
    func notificationHistory(
        bundleId: String, environment: AppStoreEnvironment, request: NotificationHistoryRequest,
        paginationToken: String?, at now: Timestamp
    ) throws(APIRequestError) -> NotificationHistoryResponse {
        guard request.startDate < request.endDate else {
            throw APIRequestError(
                .startDateAfterEndDate, reason: "Invalid request. The end date precedes the start date or the dates are the same.")
        }
        guard request.startDate.millisecondsSince1970 >= now.millisecondsSince1970 - Self.notificationHistoryWindow else {
            throw APIRequestError(.startDateTooFarInPast, reason: "Invalid request. The start date is earlier than the allowed start date.")
        }
        if request.transactionId != nil, request.notificationType != nil || request.notificationSubtype != nil {
            throw APIRequestError(
                .multipleFiltersSupplied,
                reason: "Invalid request. Include either the transactionId or a notificationType in your query, but not both.")
        }
        if let type = request.notificationType, !type.isKnown {
            throw APIRequestError(.invalidNotificationType, reason: "Invalid request. The notification type is invalid.")
        }
        var customerId: String?
        if let transactionId = request.transactionId {
            customerId = try customer(ofTransaction: transactionId, bundleId: bundleId, environment: environment).accountId
        }
        let filterKey = [
            String(request.startDate.millisecondsSince1970), String(request.endDate.millisecondsSince1970),
            request.notificationType?.rawValue ?? "", request.notificationSubtype?.rawValue ?? "",
            request.transactionId ?? "", request.onlyFailures == true ? "f" : "",
        ].joined(separator: ",")
        // The token holds the index in `state.notifications` (append-only) where the next page's
        // scan starts, so a page costs the records it passes, not the whole history.
        var position = 0
        if let paginationToken {
            guard let text = PageToken.decode(paginationToken), text.hasPrefix("nh:"),
                let separator = text.dropFirst(3).firstIndex(of: ":"),
                let value = Int(text[text.index(text.startIndex, offsetBy: 3)..<separator]),
                value >= 0, value <= state.notifications.count,
                text[text.index(after: separator)...] == filterKey
            else { throw APIRequestError(.invalidPaginationToken, reason: "Invalid request. The pagination token is invalid.") }
            position = value
        }
        func matches(_ record: NotificationRecord) -> Bool {
            record.signedDate >= request.startDate && record.signedDate < request.endDate && record.bundleId == bundleId
                && record.environment == environment
                && (request.notificationType.map { $0 == record.notificationType } ?? true)
                && (request.notificationSubtype.map { $0 == record.subtype } ?? true)
                && (customerId.map { $0 == record.accountId } ?? true)
                && (request.onlyFailures != true || (!record.sendAttempts.isEmpty && !record.wasDelivered))
        }
        var page: [NotificationRecord] = []
        var next: Int?
        let records = state.notifications
        while position < records.count {
            if matches(records[position]) {
                if page.count == Self.pageSize {
                    next = position
                    break
                }
                page.append(records[position])
            }
            position += 1
        }
        return NotificationHistoryResponse(
            paginationToken: next.map { PageToken.encode("nh:\($0):\(filterKey)") },
            hasMore: next != nil,
            notificationHistory: page.map {
                NotificationHistoryResponseItem(
                    signedPayload: $0.signedPayload, sendAttempts: $0.sendAttempts,
                    firstSendAttemptResult: $0.sendAttempts.first?.sendAttemptResult)
            })
    }

    /// Get Test Notification Status.
    func testNotificationStatus(
        _ token: String, bundleId: String, environment: AppStoreEnvironment
    )
        throws(APIRequestError) -> CheckTestNotificationResponse
    {
        guard let uuid = state.testNotifications[token],
            let record = state.notifications.first(where: { $0.notificationUUID == uuid }),
            record.bundleId == bundleId, record.environment == environment
        else {
            throw APIRequestError(
                .testNotificationNotFound,
                reason: "Either the test notification token is expired or the notification and status are not yet available.")
        }
        return CheckTestNotificationResponse(
            signedPayload: record.signedPayload, sendAttempts: record.sendAttempts,
            firstSendAttemptResult: record.sendAttempts.first?.sendAttemptResult)
    }
}
