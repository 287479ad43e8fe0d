package import Hummingbird
import NIOCore
import Storekeeper
import StorekeeperApplication

/// How much of a request body each route reads, instead of one limit for every route.
///
/// Routes that take no body refuse one; routes whose JSON has a few short fields read at most
/// `smallBytes`; only the routes carrying receipts or Apple's notifications read up to
/// `server.maxBodyBytes`. A refused body is a 413 `payloadTooLarge` sent with
/// `Connection: close` (`StorekeeperError`), after which `CloseAfterResponseHandler` ends the
/// connection: what the client still sends is never read.
package enum RequestBodyLimit {
    /// Orders, spends, aliases, consumption consent, promotional offers: a few fields of at most a
    /// few hundred bytes each.
    package static let smallBytes = 16 * 1024

    /// Refuses a non-empty body on a route that takes none. A declared `Content-Length` decides
    /// without reading anything; a chunked body is refused at its first non-empty chunk.
    package static func requireNone(_ request: Request) async throws {
        if let declared = request.headers[.contentLength] {
            guard Int(declared) == 0 else { throw noBody }
            return
        }
        for try await part in request.body where part.readableBytes > 0 {
            throw noBody
        }
    }

    /// The most an empty JSON object with whitespace around it may take on a route without fields.
    package static let emptyObjectBytes = 64

    /// Refuses a body on a POST route that has no fields, except an empty JSON object (`{}`,
    /// whitespace around it allowed): common HTTP clients send one with every JSON POST. Anything
    /// else is refused like ``requireNone(_:)``'s body, reading at most ``emptyObjectBytes``.
    package static func requireNoneOrEmptyObject(_ request: Request) async throws {
        let body: ByteBuffer
        do {
            body = try await collect(request, upTo: emptyObjectBytes)
        } catch let error as StorekeeperError where error.code == .payloadTooLarge {
            throw noFields
        }
        // JSON's whitespace: space, tab, line feed, carriage return.
        let significant = body.readableBytesView.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard significant.isEmpty || significant.elementsEqual("{}".utf8) else { throw noFields }
    }

    /// The body, refused when it exceeds `limit`: at once when `Content-Length` says so, else as
    /// soon as more than `limit` bytes have arrived.
    package static func collect(_ request: Request, upTo limit: Int) async throws -> ByteBuffer {
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
        StorekeeperError(.payloadTooLarge, "this route takes no body", kind: .tooLarge)
    }

    private static var noFields: StorekeeperError {
        StorekeeperError(.payloadTooLarge, "this route takes no body (an empty JSON object at most)", kind: .tooLarge)
    }

    private static func tooLarge(_ limit: Int) -> StorekeeperError {
        StorekeeperError(.payloadTooLarge, "body exceeds \(limit) bytes", kind: .tooLarge)
    }
}
