package import HTTPTypes
package import Hummingbird
package import NIOCore
import StorekeeperApplication
import StorekeeperHTTP

/// The console's responses and the headers every one of them carries.
package enum ConsoleResponse {
    /// Scripts and styles from the console's own files only (no inline ones), images from there
    /// or `data:`, no framing, forms posting back only here.
    package static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'"

    package static func headers(contentType: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.cacheControl] = "no-store"
        if let referrer = HTTPField.Name("Referrer-Policy") { headers[referrer] = "same-origin" }
        if let frame = HTTPField.Name("X-Frame-Options") { headers[frame] = "DENY" }
        return headers
    }

    package static func html(_ text: String, status: HTTPResponse.Status = .ok, cookies: [String] = []) -> Response {
        var headers = headers(contentType: "text/html; charset=utf-8")
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `303 See Other` to `location` (after a form, the browser loads the result with GET).
    package static func redirect(to location: String, cookies: [String] = []) -> Response {
        var headers = headers(contentType: "text/html; charset=utf-8")
        headers[.location] = location
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: .seeOther, headers: headers)
    }

    /// A static asset; cached for an hour (they change only with the binary).
    package static func asset(_ bytes: ByteBuffer, contentType: String) -> Response {
        var headers = headers(contentType: contentType)
        headers[.cacheControl] = "public, max-age=3600"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
    }
}

/// Thrown by a console handler to send the browser elsewhere (to sign in, mostly).
package struct ConsoleRedirect: Error {
    package let location: String
    package var cookies: [String] = []
}
