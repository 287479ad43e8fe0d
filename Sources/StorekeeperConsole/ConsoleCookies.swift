import HTTPTypes
package import Hummingbird
import StorekeeperApplication
import StorekeeperHTTP

/// The console's cookies: reading them from `Cookie` and writing `Set-Cookie` with the
/// attributes the console always sets (`HttpOnly`, `SameSite=Strict`, `Path=/console`, and
/// `Secure` when the browser reached the server over TLS).
package enum ConsoleCookies {
    /// The session id (the store keeps its SHA-256 only).
    package static let session = "storekeeper_console"
    /// The sign-in form's CSRF token, double-submitted: the form carries it too.
    package static let signIn = "storekeeper_console_signin"

    /// The value of cookie `name` in the request's `Cookie` headers, if any.
    package static func value(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " || $0 == "\t" }
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                if trimmed[trimmed.startIndex..<equals] == name {
                    return String(trimmed[trimmed.index(after: equals)...])
                }
            }
        }
        return nil
    }

    /// Whether the browser reached the server over TLS: a proxy in front says so with
    /// `X-Forwarded-Proto: https` (Storekeeper itself listens on plain HTTP).
    package static func overTLS(_ request: Request) -> Bool {
        guard let name = HTTPField.Name("X-Forwarded-Proto"), let proto = request.headers[name] else { return false }
        return proto.split(separator: ",").first.map { $0.trimmingSpaces.lowercased() == "https" } ?? false
    }

    /// A `Set-Cookie` value; `maxAge` nil: a session cookie, 0: delete it.
    package static func setCookie(_ name: String, _ value: String, maxAge: Int?, secure: Bool) -> String {
        var parts = ["\(name)=\(value)", "Path=/console", "HttpOnly", "SameSite=Strict"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    package var trimmingSpaces: String {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
