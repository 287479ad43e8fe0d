package import Hummingbird
import Storekeeper
import StorekeeperApplication

/// Refuses a request whose path or query decodes to text holding U+0000 (NUL), with 400
/// ``StorekeeperError/Code/nulCharacter``, before any route reads a parameter. JSON bodies are
/// checked where they are decoded (`StorekeeperAPI.decode`); Apple's notification bodies are
/// stored as bytes and rejected by the notification service instead.
package struct NULRefusalMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if NULDetection.percentEncoded(request.uri.path) {
            throw StorekeeperError.nulCharacter("the path contains U+0000 (NUL)")
        }
        if let query = request.uri.query, NULDetection.percentEncoded(query) {
            throw StorekeeperError.nulCharacter("the query contains U+0000 (NUL)")
        }
        return try await next(request, context)
    }
}
