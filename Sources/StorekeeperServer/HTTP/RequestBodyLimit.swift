import Hummingbird
import NIOCore
import Storekeeper

/// How much of a request body each route reads, instead of one limit for every route.
///
/// Routes that take no body refuse one; routes whose JSON has a few short fields read at most
/// `smallBytes`; only the routes carrying receipts or Apple's notifications read up to
/// `server.maxBodyBytes`. A refused body is a 413 `payloadTooLarge` sent with
/// `Connection: close` (`StorekeeperError`), after which `CloseAfterResponseHandler` ends the
/// connection: what the client still sends is never read.
enum RequestBodyLimit {
    /// Orders, spends, aliases, consumption consent, promotional offers: a few fields of at most a
    /// few hundred bytes each.
    static let smallBytes = 16 * 1024

    /// Refuses a non-empty body on a route that takes none. A declared `Content-Length` decides
    /// without reading anything; a chunked body is refused at its first non-empty chunk.
    static func requireNone(_ request: Request) async throws {
        if let declared = request.headers[.contentLength] {
            guard Int(declared) == 0 else { throw noBody }
            return
        }
        for try await part in request.body where part.readableBytes > 0 {
            throw noBody
        }
    }

    /// The body, refused when it exceeds `limit`: at once when `Content-Length` says so, else as
    /// soon as more than `limit` bytes have arrived.
    static func collect(_ request: Request, upTo limit: Int) async throws -> ByteBuffer {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw tooLarge(limit)
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw tooLarge(limit)
        }
    }

    private static var noBody: StorekeeperError {
        StorekeeperError(.payloadTooLarge, "this route takes no body", status: .contentTooLarge)
    }

    private static func tooLarge(_ limit: Int) -> StorekeeperError {
        StorekeeperError(.payloadTooLarge, "body exceeds \(limit) bytes", status: .contentTooLarge)
    }
}
