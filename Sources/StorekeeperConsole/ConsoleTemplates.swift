import Foundation
package import HTTPTypes
package import Hummingbird
package import Mustache
package import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperHTTP

/// The console's Mustache templates and static assets, embedded in the binary as resources of
/// this target (`Resources/console/templates/*.mustache`, `Resources/console/assets/*`) and read
/// once. Templates escape every `{{value}}` as HTML with stored text's control characters made
/// visible (``ConsoleHTMLContentType``); only `{{{content}}}` in the layout, which is itself a
/// rendered template, and the charts' markup, escaped by ``ConsoleMarkup``, are inserted raw.
package struct ConsoleTemplates: Sendable {
    package let library: MustacheLibrary
    /// File name → (content type, bytes).
    package let assets: [String: (contentType: String, bytes: ByteBuffer)]

    /// Thrown when the build lacks the console's resources or a template does not parse.
    package struct Missing: Error, CustomStringConvertible {
        package var description: String
    }

    /// Loaded once per process.
    package static let bundled: Result<ConsoleTemplates, Missing> = Result { try load() }.mapError {
        $0 as? Missing ?? Missing(description: "\($0)")
    }

    package static func load() throws -> ConsoleTemplates {
        guard let root = Bundle.module.url(forResource: "console", withExtension: nil, subdirectory: "Resources") else {
            throw Missing(description: "the console's resources are missing from the build")
        }
        let files = FileManager.default
        // Registering the same content type again is harmless: the registry maps its name to it.
        MustacheContentTypes.register(ConsoleHTMLContentType(), named: ConsoleHTMLContentType.name)
        var library = MustacheLibrary()
        let templates = root.appendingPathComponent("templates")
        for name in try files.contentsOfDirectory(atPath: templates.path).sorted() where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: templates.appendingPathComponent(name), encoding: .utf8)
            do {
                // Given here rather than in each file, so no template (a partial included) can lack it.
                try library.register(ConsoleHTMLContentType.pragma + text, named: String(name.dropLast(".mustache".count)))
            } catch {
                throw Missing(description: "template \(name) does not parse: \(error)")
            }
        }
        var assets: [String: (String, ByteBuffer)] = [:]
        let assetDirectory = root.appendingPathComponent("assets")
        for name in try files.contentsOfDirectory(atPath: assetDirectory.path) {
            let type =
                switch (name as NSString).pathExtension {
                case "css": "text/css; charset=utf-8"
                case "js": "text/javascript; charset=utf-8"
                case "svg": "image/svg+xml"
                default: "application/octet-stream"
                }
            assets[name] = (type, ByteBuffer(data: try Data(contentsOf: assetDirectory.appendingPathComponent(name))))
        }
        return ConsoleTemplates(library: library, assets: assets)
    }

    /// `name` rendered with `object` (a struct whose stored properties the template names).
    package func render(_ name: String, _ object: Any) throws -> String {
        guard let text = library.render(object, withTemplate: name) else {
            throw StorekeeperError(.internalError, "console template \(name) is missing", kind: .internalFailure)
        }
        return text
    }

    /// A whole page: `template` rendered with `page`, inside the layout with `frame`.
    package func page(_ template: String, _ page: Any, frame: ConsoleFrame, status: HTTPResponse.Status = .ok) throws -> Response {
        let content = try render(template, page)
        let html = try render("layout", ConsoleLayout(frame: frame, content: content))
        return ConsoleResponse.html(html, status: status)
    }
}

/// What the layout shows around every page.
package struct ConsoleLayout {
    package let frame: ConsoleFrame
    package let content: String

    package init(frame: ConsoleFrame, content: String) {
        self.frame = frame
        self.content = content
    }
}
