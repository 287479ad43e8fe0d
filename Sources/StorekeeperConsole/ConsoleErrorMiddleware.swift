package import Hummingbird
import Logging
import Storekeeper
import StorekeeperApplication
package import StorekeeperHTTP

/// Renders the console's errors as pages instead of JSON: a redirect where the handler asked for
/// one (to sign in), 403 with an explanation for a form without its CSRF token, for
/// Storekeeper's errors their message with the status the JSON API answers for their kind
/// (`StorekeeperError+HTTP`), and a generic 500 page (its cause logged) for anything else.
package struct ConsoleErrorMiddleware: RouterMiddleware {
    package typealias Context = StorekeeperRequestContext
    package let templates: ConsoleTemplates

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let redirect as ConsoleRedirect {
            return ConsoleResponse.redirect(to: redirect.location, cookies: redirect.cookies)
        } catch is ConsoleCSRFRefusal {
            return try page(
                "Form refused", status: .forbidden, code: "csrfTokenMissing",
                "The form did not carry this session's security token (CSRF), so nothing was done. "
                    + "Reload the page and submit the form again.")
        } catch let error as StorekeeperError {
            if error.status.code >= 500 {
                context.logger.warning(
                    "console request failed", metadata: ["storekeeper.error": "\(error.code)", "storekeeper.cause": "\(error.logCause)"])
            }
            return try page(Self.title(error.status), status: error.status, code: error.code.rawValue, error.message)
        } catch let error as HTTPError {
            let message = error.status == .notFound ? "There is no such page." : (error.body ?? error.status.reasonPhrase)
            return try page(Self.title(error.status), status: error.status, code: "http\(error.status.code)", message)
        } catch let error as PurchaseStoreError where error.isRetryable || error.code == .unavailable {
            context.logger.warning("console storage unavailable", metadata: ["storekeeper.cause": "\(error)"])
            return try page(
                "Try again", status: .serviceUnavailable, code: "temporarilyUnavailable",
                "The storage is busy or unreachable; try again shortly.")
        } catch {
            context.logger.error("console unexpected error", metadata: ["storekeeper.cause": "\(String(reflecting: error))"])
            return try page("Error", status: .internalServerError, code: "internalError", "Something went wrong; it was logged.")
        }
    }

    private func page(_ title: String, status: HTTPResponse.Status, code: String, _ message: String) throws -> Response {
        try templates.page(
            "error", ConsoleErrorPage(title: title, status: status.code, code: code, message: message),
            frame: .signedOut(title), status: status)
    }

    private static func title(_ status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "Bad request"
        case 401: "Sign in needed"
        case 403: "Not allowed"
        case 404: "Not found"
        case 409: "Conflict"
        case 413: "Too large"
        case 429: "Too many attempts"
        default: "Error"
        }
    }
}

/// The error page's content.
package struct ConsoleErrorPage {
    package let title: String
    package let status: Int
    package let code: String
    package let message: String
}
