import AppStoreModels
import Foundation

extension AppStoreAPIError {
    /// Classifies a non-2xx App Store Server API response, keeping Apple's `errorCode` and
    /// `errorMessage` when the body is Apple's ``ErrorPayload``.
    static func fromResponse(
        status: Int,
        body: [UInt8],
        endpoint: String,
        retryAfter: Date?
    ) -> AppStoreAPIError {
        let payload = body.isEmpty ? nil : try? JSONCoding.decode(ErrorPayload.self, from: Data(body))
        let code: Code
        switch status {
        case 400: code = .invalidRequest
        case 401: code = .unauthorized
        case 403: code = .forbidden
        case 404: code = .notFound
        case 429: code = .rateLimited
        case 500...599: code = .serverError
        default: code = .unexpectedStatus
        }
        var reason = "Apple answered HTTP \(status)"
        if let errorCode = payload?.errorCode { reason += " with errorCode \(errorCode.rawValue)" }
        if let message = payload?.errorMessage { reason += ": \(message.prefix(200))" }
        return AppStoreAPIError(
            code, reason, endpoint: endpoint, httpStatus: status, errorCode: payload?.errorCode,
            errorMessage: payload?.errorMessage, retryAfter: code == .rateLimited ? retryAfter : nil)
    }

    /// A failure to reach Apple or to read its answer in time.
    static func fromTransport(_ failure: TransportFailure, endpoint: String) -> AppStoreAPIError {
        switch failure {
        case .timeout(let detail):
            return AppStoreAPIError(.timeout, "No complete response in time (\(detail)).", endpoint: endpoint)
        case .network(let detail):
            return AppStoreAPIError(.network, "Connection failed: \(detail).", endpoint: endpoint)
        case .responseTooLarge(let limit, let status):
            return AppStoreAPIError(
                .responseTooLarge, "Response body exceeds \(limit) bytes.", endpoint: endpoint, httpStatus: status)
        case .cancelled:
            return AppStoreAPIError(.cancelled, "The calling task was cancelled.", endpoint: endpoint)
        case .invalidURL(let url):
            return AppStoreAPIError(.invalidConfiguration, "Invalid URL \(url.prefix(200)).", endpoint: endpoint)
        }
    }
}
