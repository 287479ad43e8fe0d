import Foundation
import Storekeeper
import StorekeeperConsole
import Testing

/// The console's `multipart/form-data` parser with crafted bodies: what browsers send (fields and
/// a file, CRLF everywhere, a preamble, quoted parameters, an empty file), bytes in a file that
/// look like the syntax (a lone CRLF, a boundary without its leading CRLF), and the malformed
/// shapes, each refused with `invalidRequest` rather than read wrongly.
@Suite struct ConsoleMultipartFormTests {
    static let boundary = "----StorekeeperBoundary7MA4YWxkTrZu0gW"

    static func body(_ parts: [String], close: Bool = true, preamble: String = "") -> [UInt8] {
        var text = preamble
        for part in parts { text += "--\(boundary)\r\n" + part }
        if close { text += "--\(boundary)--\r\n" }
        return Array(text.utf8)
    }

    static func field(_ name: String, _ value: String) -> String {
        "Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }

    static func parse(_ body: [UInt8]) throws -> ConsoleMultipartForm {
        try ConsoleMultipartForm.parse(body, boundary: boundary)
    }

    static func refusal(_ body: [UInt8]) -> String? {
        do {
            _ = try parse(body)
            return nil
        } catch let error as StorekeeperError {
            return error.code.rawValue
        } catch {
            return "\(error)"
        }
    }

    @Test func fieldsAndAFileAsABrowserPostsThem() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF]
        var bytes = Self.body([Self.field("csrf", "token"), Self.field("reason", "spring banner\r\nsecond line")], close: false)
        bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"png\"; filename=\"ban\\\"ner.png\"\r\n".utf8)
        bytes += Array("content-type: image/png\r\n\r\n".utf8) + png + Array("\r\n--\(Self.boundary)--\r\n".utf8)
        let form = try Self.parse(bytes)
        #expect(form.form["csrf"] == "token")
        #expect(form.form["reason"] == "spring banner\r\nsecond line", "a CRLF inside a value is the value's")
        let file = try #require(form.file("png"))
        #expect(file.bytes == png, "CRLF and -- inside the file stay the file's")
        #expect(file.filename == "ban\"ner.png" && file.contentType == "image/png")
        #expect(form.form["png"] == nil, "a file is not a text field")
    }

    @Test func aPreambleAnEpilogueAnEmptyFileAndRepeatedNames() throws {
        var bytes = Self.body(
            [
                Self.field("bulletText", "one"), Self.field("bulletText", ""),
                "Content-Disposition: form-data; name=\"png\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n",
            ], preamble: "This is a preamble.\r\n")
        bytes += Array("an epilogue, ignored".utf8)
        let form = try Self.parse(bytes)
        #expect(form.form.values("bulletText") == ["one", ""])
        #expect(form.file("png")?.bytes == [] && form.file("png")?.filename == "")
    }

    @Test func blanksAfterABoundaryAndBareParameterValues() throws {
        let text = "--\(Self.boundary)  \t\r\nContent-Disposition: form-data; name=plain\r\n\r\nvalue\r\n--\(Self.boundary)--"
        #expect(try Self.parse(Array(text.utf8)).form["plain"] == "value")
    }

    @Test(
        arguments: [
            ("no boundary at all", Array("just text".utf8)),
            ("no closing boundary", body([field("a", "b")], close: false)),
            ("a value running to the end", Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb".utf8)),
            (
                "LF instead of CRLF after the boundary",
                Array("--\(boundary)\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--\(boundary)--".utf8)
            ),
            ("headers without an empty line", Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n--\(boundary)--".utf8)),
            ("no Content-Disposition", body(["Content-Type: text/plain\r\n\r\nb\r\n"])),
            ("no headers at all", body(["\r\nb\r\n"])),
            ("not form-data", body(["Content-Disposition: attachment; name=\"a\"\r\n\r\nb\r\n"])),
            ("no name", body(["Content-Disposition: form-data; filename=\"a.png\"\r\n\r\nb\r\n"])),
            ("an unclosed quote", body(["Content-Disposition: form-data; name=\"a\r\n\r\nb\r\n"])),
            ("a header line without a colon", body(["Content-Disposition: form-data; name=\"a\"\r\nbroken\r\n\r\nb\r\n"])),
            ("a field that is not UTF-8", body([field("a", "b")], close: false) + [0xFF] + Array("\r\n--\(boundary)--".utf8)),
            ("too many parts", body(Array(repeating: field("a", "b"), count: 65))),
            (
                "headers over 8 KB",
                body(["Content-Disposition: form-data; name=\"a\"\r\nX-Pad: \(String(repeating: "p", count: 9000))\r\n\r\nb\r\n"])
            ),
        ] as [(String, [UInt8])])
    func malformedBodiesAreRefused(_ what: String, _ bytes: [UInt8]) {
        #expect(Self.refusal(bytes) == "invalidRequest", "\(what)")
    }

    @Test func aNULInAFieldIsRefusedAsInEveryForm() {
        #expect(Self.refusal(Self.body([Self.field("reason", "a\u{0}b")])) == StorekeeperError.Code.nulCharacter.rawValue)
    }

    @Test(
        arguments: [
            ("multipart/form-data; boundary=abc", "abc"),
            ("Multipart/Form-Data; charset=utf-8; BOUNDARY=\"a b:c\"", "a b:c"),
        ])
    func theBoundaryComesFromTheContentType(_ contentType: String, _ boundary: String) throws {
        #expect(try ConsoleMultipartForm.boundary(contentType: contentType) == boundary)
    }

    @Test(
        arguments: [
            nil, "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=",
            "multipart/form-data; boundary=\(String(repeating: "b", count: 71))",
        ] as [String?])
    func aContentTypeWithoutAUsableBoundaryIsRefused(_ contentType: String?) {
        #expect(throws: StorekeeperError.self) { try ConsoleMultipartForm.boundary(contentType: contentType) }
    }
}
