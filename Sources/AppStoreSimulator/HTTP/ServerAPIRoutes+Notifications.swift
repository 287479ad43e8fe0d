import AppStoreModels
import Foundation
import Hummingbird

extension ServerAPIRoutes {
    /// The history request as sent, every field optional, so a missing date gets Apple's code.
    private struct HistoryBody: Decodable {
        var startDate: Timestamp?
        var endDate: Timestamp?
        var notificationType: NotificationTypeV2?
        var notificationSubtype: NotificationSubtype?
        var transactionId: String?
        var onlyFailures: Bool?
    }

    func registerNotificationEndpoints(on group: RouterGroup<Context>) {
        serve(.getNotificationHistory, on: group) { (request, _, bundleId, _) throws(APIRequestError) -> Response in
            let body = try await decodeBody(HistoryBody.self, request)
            guard let startDate = body.startDate else {
                throw APIRequestError(
                    .invalidStartDate, reason: "Invalid request. The start date is not a timestamp value represented in milliseconds.")
            }
            guard let endDate = body.endDate else {
                throw APIRequestError(
                    .invalidEndDate, reason: "Invalid request. The end date is not a timestamp value represented in milliseconds.")
            }
            let query = NotificationHistoryRequest(
                startDate: startDate, endDate: endDate, notificationType: body.notificationType,
                notificationSubtype: body.notificationSubtype, transactionId: body.transactionId,
                onlyFailures: body.onlyFailures)
            let token = HTTPSupport.queryItems(of: request).first { $0.name == "paginationToken" }?.value
            let window = "\(startDate.millisecondsSince1970)-\(endDate.millisecondsSince1970)"
            simulator.requestLog.noteCurrent(token.map { window + ":" + $0 } ?? window)
            return try simulator.apiCall { (engine, now) throws(APIRequestError) in
                HTTPSupport.json(
                    try engine.notificationHistory(
                        bundleId: bundleId, environment: environment, request: query, paginationToken: token, at: now))
            }
        }
        serve(.requestTestNotification, on: group) { (request, _, bundleId, _) throws(APIRequestError) -> Response in
            let token = try simulator.apiCall { (engine, now) throws(APIRequestError) in
                guard engine.state.apps[bundleId]?.notificationURL(for: environment) != nil else {
                    throw APIRequestError(
                        .serverNotificationURLNotFound,
                        reason: "An invalid request because there is no App Store Server Notifications URL configured for this app.")
                }
                return try internalError { () throws(SimulatorError) in
                    try engine.requestTestNotification(bundleId: bundleId, environment: environment, at: now)
                }
            }
            await simulator.runDueWork()
            return HTTPSupport.json(SendTestNotificationResponse(testNotificationToken: token))
        }
        serve(.getTestNotificationStatus, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let token = context.parameters.get("testNotificationToken") ?? ""
            return try simulator.apiCall { (engine, _) throws(APIRequestError) in
                HTTPSupport.json(try engine.testNotificationStatus(token, bundleId: bundleId, environment: environment))
            }
        }
    }
}
