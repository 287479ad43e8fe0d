import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// The ordered event feed (`docs/EVENTS.md`), for admins: it carries operators' reasons, as
/// the audit log does.
extension AdminAPI {
    package func eventRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("events", use: events)
    }

    /// `GET /v1/admin/apps/{app}/events?after=&since=&limit=&format=`: up to `limit` events after
    /// the cursor `after`, in feed order, as JSON lines (`application/x-ndjson`) or, with
    /// `format=csv` or `Accept: text/csv`, CSV. Streamed a page at a time; the first page is read
    /// before the response starts, so a bad cursor is a 400, not a cut stream.
    @Sendable package func events(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .admin)
        try await RequestBodyLimit.requireNone(request)
        let query = request.uri.queryParameters
        let after = try EventFeed.cursor(after: query.get("after"))
        let since = try EventFeed.since(query.get("since"))
        let limit = try limit(request, defaultValue: EventFeed.defaultLimit, maximum: EventFeed.maximumLimit)
        let csv = try Self.wantsCSV(format: query.get("format"), accept: request.headers[.accept])
        let feed = EventFeed(store: store, app: call.app)
        let first = try await feed.firstPage(after: after, since: since, limit: limit)
        let viewer = call.operator
        let body = ResponseBody { writer in
            if csv { try await writer.write(ByteBuffer(string: FeedEventBody.csvHeader + "\r\n")) }
            try await feed.stream(first: first, since: since, limit: limit) { page in
                var buffer = ByteBuffer()
                for record in page {
                    let event = FeedEventBody(record, shownTo: viewer)
                    if csv {
                        buffer.writeString(try event.csvLine() + "\r\n")
                    } else {
                        buffer.writeBytes(try JSONEncoder().encode(event))
                        buffer.writeString("\n")
                    }
                }
                try await writer.write(buffer)
            }
            try await writer.finish(nil)
        }
        var headers = HTTPFields()
        headers[.contentType] = csv ? "text/csv; charset=utf-8" : "application/x-ndjson"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: body)
    }

    /// CSV when `format=csv`, or no format and an `Accept` naming `text/csv`; JSON lines otherwise.
    static func wantsCSV(format: String?, accept: String?) throws(StorekeeperError) -> Bool {
        switch format {
        case "csv": return true
        case "jsonl": return false
        case nil: return accept?.lowercased().contains("text/csv") ?? false
        default: throw StorekeeperError.invalidRequest("format must be jsonl or csv")
        }
    }
}
