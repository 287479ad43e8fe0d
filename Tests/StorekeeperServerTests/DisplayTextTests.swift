import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// What the CLI and the console show of stored text: every control and bidirectional character
/// as a visible stand-in, nothing dropped, everything else untouched.
@Suite struct DisplayTextTests {
    @Test(arguments: [
        ("plain text, ünïcode, 中文, emoji 🎉", "plain text, ünïcode, 中文, emoji 🎉"),
        ("\u{1B}[2J", "␛[2J"),
        ("\u{1B}]0;title\u{07}", "␛]0;title␇"),
        ("nul\u{00}here", "nul␀here"),
        ("del\u{7F}", "del␡"),
        ("csi\u{9B}31m", "csi<U+009B>31m"),
        ("next\u{85}line", "next<U+0085>line"),
        ("refund \u{202E}gnp.exe", "refund <U+202E>gnp.exe"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", "<U+202A><U+202B><U+202C><U+202D>"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", "<U+2066><U+2067><U+2068><U+2069>"),
        ("\u{200E}\u{200F}\u{061C}", "<U+200E><U+200F><U+061C>"),
        ("a\tb\nc\r\nd", "a␉b␊c␍␊d"),
        ("", ""),
    ])
    func aTableCellShowsEveryControl(_ stored: String, _ shown: String) {
        #expect(DisplayText.neutralised(stored) == shown)
    }

    @Test func aPageKeepsTheWhitespaceHTMLIgnoresOrPreformats() {
        #expect(DisplayText.neutralised("{\n\t\"a\": 1\r\n}", for: .html) == "{\n\t\"a\": 1\r\n}")
        #expect(DisplayText.neutralised("x\u{1B}[0m\n\u{202E}y", for: .html) == "x␛[0m\n<U+202E>y")
    }
}
