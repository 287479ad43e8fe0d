import AppStoreModels
package import HTTPTypes
package import Hummingbird
import NIOCore
import StorekeeperApplication

/// An error as the JSON API answers it: `{"error": {"code", "message", "verificationCode"?}}`
/// with the headers its status calls for.
package enum ErrorResponse {
    package static func json(status: HTTPResponse.Status, code: String, message: String, verificationCode: String? = nil) throws -> Response
    {
        let data = try FastJSONEncoder().encode(Body(error: .init(code: code, message: message, verificationCode: verificationCode)))
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        // A 503 means a retry may succeed: say when.
        if status == .serviceUnavailable { headers[.retryAfter] = "5" }
        // The refused body may still be arriving: the connection ends after this response
        // (`CloseAfterResponseHandler`) rather than reading it to the end.
        if status == .contentTooLarge { headers[.connection] = "close" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private struct Body: Encodable {
        package struct Detail: Encodable {
            package var code: String
            package var message: String
            package var verificationCode: String?
        }
        package var error: Detail
    }
}
