import HTTPTypes
package import Hummingbird
import NIOCore
import Storekeeper
import StorekeeperAPIModels
package import StorekeeperApplication

/// Signs the answers on an app's routes (`/v1/apps/{app}/...`) to requests carrying a
/// `Storekeeper-Nonce`: the header `Storekeeper-Signature` covers the nonce, the request's method
/// and target as sent, the status, the time and the exact body bytes sent (``AnswerSignature``).
///
/// It runs outside the error middleware, so error answers are signed like any other. A request
/// without a nonce passes untouched (apps that do not verify keep working), and an app with no
/// answer-signing key answers unsigned; a malformed nonce is refused with 400 `invalidNonce`,
/// unsigned, since it cannot be signed over.
package struct AnswerSigningMiddleware<Context: RequestContext>: RouterMiddleware {
    let signers: [String: AnswerSigner]

    package init(signers: [String: AnswerSigner]) {
        self.signers = signers
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let nonce = request.headers[.storekeeperNonce], let app = Self.appId(in: request.uri.path) else {
            return try await next(request, context)
        }
        guard AnswerSignature.isWellFormedNonce(nonce) else {
            return try StorekeeperError.invalidNonce("Storekeeper-Nonce must be 22–86 base64url characters (16–64 random bytes)")
                .response(from: request, context: context)
        }
        var response = try await next(request, context)
        guard let signer = signers[String(app)] else { return response }
        let body = try await Self.collect(response.body)
        let signature = try signer.sign(
            nonce: nonce, method: request.method.rawValue, target: request.head.path ?? request.uri.description,
            status: Int(response.status.code), body: body)
        response.headers[.storekeeperSignature] = signature.headerValue
        response.body = ResponseBody(byteBuffer: body)
        return response
    }

    /// The app id of a path on an app's routes, as sent (app ids need no percent-encoding).
    static func appId(in path: String) -> Substring? {
        let prefix = "/v1/apps/"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        let app = rest.prefix { $0 != "/" }
        return app.isEmpty ? nil : app
    }

    /// The body's bytes: the app API's answers are one buffer each, so this copies nothing but
    /// the buffer's reference.
    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.buffer
    }

    private final class BodyCollector: ResponseBodyWriter {
        var buffer = ByteBuffer()

        func write(_ part: ByteBuffer) async throws {
            if buffer.readableBytes == 0 {
                buffer = part
            } else {
                var part = part
                buffer.writeBuffer(&part)
            }
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

extension HTTPField.Name {
    /// The scheme's header names are valid field names, fixed at compile time.
    fileprivate static let storekeeperNonce = HTTPField.Name(AnswerSignature.nonceHeader)!
    fileprivate static let storekeeperSignature = HTTPField.Name(AnswerSignature.signatureHeader)!
}
