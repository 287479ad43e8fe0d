public import AppStoreModels
import Foundation
public import Hummingbird
import NIOCore

/// The OCSP responder over HTTP (RFC 6960 Appendix A): `POST /ocsp` with an
/// `application/ocsp-request` body, and `GET /ocsp/<url-encoded base64 of the request>`. Both
/// answer HTTP 200 with an `application/ocsp-response` body; OCSP's own errors
/// (`malformedRequest`, `unauthorized`, ...) travel inside it, as real responders do.
public struct OCSPRoutes: Sendable {
    /// Requests larger than this are not OCSP requests.
    static let maxRequestBytes = 16 * 1024

    /// The responder answering each request (read per request, so its revocation list can change).
    public let responder: @Sendable () -> OCSPResponder
    /// The time answers are produced at: the real time, which clients judge OCSP answers against.
    public let clock: any WallClock

    public init(
        responder: @escaping @Sendable () -> OCSPResponder, clock: any WallClock = SystemClock()
    ) {
        self.responder = responder
        self.clock = clock
    }

    /// Registers `POST <path>` and `GET <path>/<base64>`.
    public func register<Context: RequestContext>(on router: some RouterMethods<Context>, path: String = "ocsp") {
        router.post(RouterPath(path)) { request, _ in
            var request = request
            guard let body = try? await request.collectBody(upTo: Self.maxRequestBytes) else {
                return Self.answer(OCSPResponseDER.unsuccessful(.malformedRequest))
            }
            return Self.answer(responder().respond(to: Array(body.readableBytesView), at: clock.now))
        }
        router.get(RouterPath("\(path)/**")) { _, context in
            let encoded = context.parameters.getCatchAll().joined(separator: "/")
            guard let base64 = encoded.removingPercentEncoding, let der = Data(base64Encoded: base64),
                der.count <= Self.maxRequestBytes
            else {
                return Self.answer(OCSPResponseDER.unsuccessful(.malformedRequest))
            }
            return Self.answer(responder().respond(to: Array(der), at: clock.now))
        }
    }

    private static func answer(_ der: [UInt8]) -> Response {
        HTTPSupport.bytes(der, contentType: "application/ocsp-response")
    }
}
