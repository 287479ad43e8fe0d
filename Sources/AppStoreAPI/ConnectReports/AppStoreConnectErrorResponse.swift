import AppStoreModels
import Foundation

/// The App Store Connect API's error body: `{"errors":[{"id","status","code","title","detail"}]}`.
struct AppStoreConnectErrorResponse: Decodable {
    struct Item: Decodable {
        var status: String?
        var code: String?
        var title: String?
        var detail: String?
    }

    var errors: [Item]
}

extension AppStoreAPIError {
    /// Classifies a non-2xx, non-404 App Store Connect API response, keeping Apple's first
    /// error's `code` and `detail` (or `title`).
    static func fromConnectResponse(status: Int, body: [UInt8], endpoint: String, retryAfter: Date?) -> AppStoreAPIError {
        let first = (try? JSONCoding.decode(AppStoreConnectErrorResponse.self, from: Data(body)))?.errors.first
        let code: Code
        switch status {
        case 400, 409, 422: code = .invalidRequest
        case 401: code = .unauthorized
        case 403: code = .forbidden
        case 404: code = .notFound
        case 429: code = .rateLimited
        case 500...599: code = .serverError
        default: code = .unexpectedStatus
        }
        let message = first?.detail ?? first?.title
        var reason = "Apple answered HTTP \(status)"
        if let appleCode = first?.code { reason += " with code \(appleCode.prefix(80))" }
        if let message { reason += ": \(message.prefix(200))" }
        return AppStoreAPIError(
            code, reason, endpoint: endpoint, httpStatus: status, errorMessage: message,
            retryAfter: code == .rateLimited ? retryAfter : nil, connectErrorCode: first?.code)
    }

    /// Apple's `detail` (or `title`) of a 404, for ``AppStoreConnectReportResult/noReport(detail:)``.
    static func connectDetail(_ body: [UInt8]) -> String? {
        let first = (try? JSONCoding.decode(AppStoreConnectErrorResponse.self, from: Data(body)))?.errors.first
        return first?.detail ?? first?.title
    }
}
