import AppStoreModels
package import Hummingbird
import Storekeeper
import StorekeeperApplication
package import StorekeeperHTTP

/// Signing in and out. The sign-in form has no session yet, so its CSRF token is
/// double-submitted: a cookie of its own and a hidden field that must match.
extension ConsoleRoutes {
    package struct SignInPage {
        package let csrf: String
        package let name: String
        package let error: String?
    }

    @Sendable package func signInPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        if try await sessions.resume(request) != nil { return ConsoleResponse.redirect(to: ConsolePaths.root) }
        return signInForm(request, name: "", error: nil, status: .ok)
    }

    @Sendable package func signIn(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let form = try await ConsoleForm.read(request)
        guard let cookie = ConsoleCookies.value(ConsoleCookies.signIn, in: request), !cookie.isEmpty,
            ConsoleSessions.csrfMatches(form["csrf"], cookie)
        else { throw ConsoleCSRFRefusal() }
        let name = form.text("name") ?? ""
        let key = form.text("key") ?? ""
        let address = context.remoteAddress?.ipAddress ?? "unknown"
        guard throttle.allows(name: name, address: address) else {
            context.logger.warning("console sign-in throttled", metadata: ["storekeeper.operator": "\(name)"])
            return signInForm(
                request, name: name, error: "Too many failed attempts. Wait 15 minutes before trying again.", status: .tooManyRequests)
        }
        let account = key.isEmpty ? nil : try await store.read { try await $0.operatorAccount(keyHash: Secrets.hash(key)) }
        guard let account, account.name == name, account.disabledAt == nil else {
            throttle.recordFailure(name: name, address: address)
            return signInForm(request, name: name, error: "The operator name or key is wrong.", status: .unauthorized)
        }
        throttle.recordSuccess(name: name)
        let (id, _) = try await sessions.start(for: account)
        let secure = ConsoleCookies.overTLS(request)
        return ConsoleResponse.redirect(
            to: ConsolePaths.root,
            cookies: [
                ConsoleCookies.setCookie(ConsoleCookies.session, id, maxAge: nil, secure: secure),
                ConsoleCookies.setCookie(ConsoleCookies.signIn, "", maxAge: 0, secure: secure),
            ])
    }

    @Sendable package func signOut(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let signedIn = try await signedIn(request)
        _ = try await postedForm(request, signedIn)
        try await sessions.end(signedIn.session)
        return ConsoleResponse.redirect(
            to: ConsolePaths.signIn,
            cookies: [ConsoleCookies.setCookie(ConsoleCookies.session, "", maxAge: 0, secure: ConsoleCookies.overTLS(request))])
    }

    /// The form, with the double-submitted token (the browser's, or a new one it is given).
    private func signInForm(_ request: Request, name: String, error: String?, status: HTTPResponse.Status) -> Response {
        let existing = ConsoleCookies.value(ConsoleCookies.signIn, in: request).flatMap { $0.utf8.count == 43 ? $0 : nil }
        let token = existing ?? ConsoleSessions.randomToken()
        let cookies =
            existing == nil
            ? [ConsoleCookies.setCookie(ConsoleCookies.signIn, token, maxAge: 3600, secure: ConsoleCookies.overTLS(request))] : []
        do {
            let content = try templates.render("sign-in", SignInPage(csrf: token, name: name, error: error))
            let html = try templates.render("layout", ConsoleLayout(frame: .signedOut("Sign in"), content: content))
            return ConsoleResponse.html(html, status: status, cookies: cookies)
        } catch {
            return ConsoleResponse.html("The console's templates are missing from this build.", status: .internalServerError)
        }
    }
}
