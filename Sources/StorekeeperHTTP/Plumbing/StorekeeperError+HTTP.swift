public import HTTPTypes
public import Hummingbird
public import Storekeeper
import StorekeeperApplication

/// The one place a `StorekeeperError` gets its HTTP status: from its kind, as Hummingbird's
/// `HTTPResponseError` chooses it. The JSON API renders it through `ErrorResponse`, the console
/// as a page with the same status.
extension StorekeeperError: HTTPResponseError {
    public var status: HTTPResponse.Status {
        switch kind {
        case .invalidRequest: .badRequest
        case .unauthenticated: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .rejected: .unprocessableContent
        case .tooLarge: .contentTooLarge
        case .upstreamFailure: .badGateway
        case .unavailable: .serviceUnavailable
        case .internalFailure: .internalServerError
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try ErrorResponse.json(status: status, code: code.rawValue, message: message, verificationCode: verificationCode)
    }
}
