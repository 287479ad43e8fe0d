import Foundation
package import Hummingbird
import NIOCore
import Storekeeper
import StorekeeperHTTP

/// A `multipart/form-data` body (RFC 7578 over RFC 2046's multipart syntax), as a console form
/// with a file input posts it: text fields, which become a ``ConsoleForm`` (so the CSRF token and
/// idempotency key are read as in every other form), and files, kept as bytes.
///
/// Bounded: the body is refused over the caller's limit before it is parsed (the same
/// `payloadTooLarge` as the admin API's JSON bodies), a part's headers over 8 KB and more than 64
/// parts are refused, and every malformed shape — no boundary, no closing delimiter, a part
/// without `Content-Disposition: form-data; name=…`, headers not ended by an empty line — is an
/// `invalidRequest` naming what is wrong.
package struct ConsoleMultipartForm: Sendable {
    /// One file of the body.
    package struct File: Sendable, Hashable {
        package let name: String
        package let filename: String
        package let contentType: String?
        package let bytes: [UInt8]
    }

    /// The text fields, as an urlencoded form would give them.
    package let form: ConsoleForm
    /// The files, in the order posted.
    package let files: [File]

    /// The first file posted under `name`.
    package func file(_ name: String) -> File? { files.first { $0.name == name } }

    static let maxParts = 64
    static let maxHeaderBytes = 8 * 1024

    /// Reads the request's body (refused over `limit` bytes) and parses it with the boundary of
    /// its `Content-Type`.
    package static func read(_ request: Request, limit: Int) async throws -> ConsoleMultipartForm {
        let boundary = try boundary(contentType: request.headers[.contentType])
        let buffer = try await RequestBodyLimit.collect(request, upTo: limit)
        return try parse(Array(buffer.readableBytesView), boundary: boundary)
    }

    /// The boundary parameter of a `multipart/form-data` content type (RFC 2046: 1–70
    /// characters, possibly quoted).
    package static func boundary(contentType: String?) throws -> String {
        guard let contentType else { throw invalid("the form has no Content-Type") }
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/form-data" else {
            throw invalid("the form is not multipart/form-data")
        }
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count), !value.hasSuffix(" ") else {
                throw invalid("the multipart boundary is not 1–70 characters")
            }
            return value
        }
        throw invalid("the multipart form names no boundary")
    }

    /// Parses `body`, whose parts are separated by `--boundary` lines.
    package static func parse(_ body: [UInt8], boundary: String) throws -> ConsoleMultipartForm {
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [0x0D, 0x0A]
        // The first delimiter opens the body or follows a preamble's CRLF.
        var position: Int
        if body.starts(with: delimiter) {
            position = delimiter.count
        } else if let found = find(crlf + delimiter, in: body, from: 0) {
            position = found + 2 + delimiter.count
        } else {
            throw invalid("the multipart body has no boundary line")
        }
        var fields: [String: [String]] = [:]
        var files: [File] = []
        var parts = 0
        while true {
            // After a delimiter: "--" closes the body; otherwise optional blanks, then CRLF.
            if body[position...].starts(with: [0x2D, 0x2D]) { break }
            while position < body.count, body[position] == 0x20 || body[position] == 0x09 { position += 1 }
            guard body[position...].starts(with: crlf) else { throw invalid("a multipart boundary line does not end with CRLF") }
            position += 2
            parts += 1
            guard parts <= maxParts else { throw invalid("the multipart form has more than \(maxParts) parts") }
            let headerEnd: Int
            if body[position...].starts(with: crlf) {
                headerEnd = position  // no headers at all; refused below for lacking a name
            } else {
                guard let end = find(crlf + crlf, in: body, from: position, within: maxHeaderBytes) else {
                    throw invalid("a multipart part's headers do not end with an empty line (or exceed \(maxHeaderBytes) bytes)")
                }
                headerEnd = end + 2
            }
            let headers = try Self.headers(Array(body[position..<headerEnd]))
            let contentStart = headerEnd + 2
            // The CRLF before a delimiter belongs to it, not to the content (RFC 2046).
            guard let next = find(crlf + delimiter, in: body, from: contentStart) else {
                throw invalid("the multipart body has no closing boundary")
            }
            let content = Array(body[contentStart..<next])
            let (name, filename) = try disposition(headers["content-disposition"])
            if let filename {
                files.append(File(name: name, filename: filename, contentType: headers["content-type"], bytes: content))
            } else {
                guard let value = String(validating: content, as: UTF8.self) else {
                    throw invalid("the multipart field \(name) is not UTF-8")
                }
                if value.utf8.contains(0) || name.utf8.contains(0) {
                    throw StorekeeperError.nulCharacter("a form field contains U+0000 (NUL)")
                }
                fields[name, default: []].append(value)
            }
            position = next + 2 + delimiter.count
            guard position <= body.count else { throw invalid("the multipart body has no closing boundary") }
        }
        return ConsoleMultipartForm(form: ConsoleForm(fields: fields), files: files)
    }

    /// A part's header lines (`Name: value`, CRLF-separated), names lowercased.
    private static func headers(_ bytes: [UInt8]) throws -> [String: String] {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw invalid("a multipart part's headers are not UTF-8") }
        var headers: [String: String] = [:]
        for line in text.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw invalid("a multipart part's header line has no colon") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    /// The field name and, for a file, its file name, from `form-data; name="…"; filename="…"`.
    private static func disposition(_ header: String?) throws -> (String, String?) {
        guard let header else { throw invalid("a multipart part has no Content-Disposition") }
        var rest = Substring(header)
        guard let type = Self.token(&rest), type.lowercased() == "form-data" else {
            throw invalid("a multipart part's Content-Disposition is not form-data")
        }
        var parameters: [String: String] = [:]
        while let parameter = try Self.parameter(&rest) { parameters[parameter.0.lowercased()] = parameter.1 }
        guard let name = parameters["name"], !name.isEmpty else { throw invalid("a multipart part has no field name") }
        return (name, parameters["filename"])
    }

    private static func token(_ text: inout Substring) -> String? {
        text = text.drop { $0 == " " || $0 == "\t" }
        let token = text.prefix { $0 != ";" && $0 != "=" && $0 != " " }
        text = text.dropFirst(token.count)
        return token.isEmpty ? nil : String(token)
    }

    /// `; name=value` or `; name="quoted \" value"`; nil at the end.
    private static func parameter(_ text: inout Substring) throws -> (String, String)? {
        text = text.drop { $0 == " " || $0 == "\t" }
        guard text.first == ";" else {
            guard text.isEmpty else { throw invalid("a multipart part's Content-Disposition is malformed") }
            return nil
        }
        text = text.dropFirst()
        guard let name = token(&text), text.first == "=" else { throw invalid("a multipart part's Content-Disposition is malformed") }
        text = text.dropFirst()
        guard text.first == "\"" else {
            let value = text.prefix { $0 != ";" }
            text = text.dropFirst(value.count)
            return (name, value.trimmingCharacters(in: .whitespaces))
        }
        text = text.dropFirst()
        var value = ""
        while let character = text.first {
            text = text.dropFirst()
            if character == "\"" { return (name, value) }
            if character == "\\", let escaped = text.first {
                value.append(escaped)
                text = text.dropFirst()
            } else {
                value.append(character)
            }
        }
        throw invalid("a multipart part's Content-Disposition has an unclosed quote")
    }

    /// The first index of `needle` in `haystack` at or after `start` (and, with `within`,
    /// starting no further than that many bytes on).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, within: Int? = nil) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        var last = haystack.count - needle.count
        if let within { last = min(last, start + within) }
        var index = start
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func invalid(_ reason: String) -> StorekeeperError { StorekeeperError.invalidRequest(reason) }
}
