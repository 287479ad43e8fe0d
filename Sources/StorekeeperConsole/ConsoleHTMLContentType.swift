import Mustache
import StorekeeperApplication
import StorekeeperHTTP

/// How the console's templates escape every `{{value}}`: stored text's control and bidirectional
/// characters shown as visible stand-ins (``DisplayText``), then the five HTML-significant
/// characters as references (``ConsoleMarkup/escape(_:)``). ``ConsoleTemplates`` gives every
/// template this content type, so no page can show stored text raw.
package struct ConsoleHTMLContentType: MustacheContentType {
    /// The name templates select it by (`{{% CONTENT_TYPE: … }}`).
    package static let name = "STOREKEEPER_CONSOLE_HTML"

    /// The line put before every template's text.
    package static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"

    package func escapeText(_ text: String) -> String {
        ConsoleMarkup.escape(DisplayText.neutralised(text, for: .html))
    }
}
