/// Stored text made safe to show people: in a terminal (the CLI's tables) or on a console page.
///
/// A reason, a spend reference, a product ID or Apple's error text is stored exactly as it came
/// and the JSON APIs answer it exactly; only what is shown to a person is neutralised, whoever
/// wrote the text and whenever it was stored. Control characters would otherwise drive the
/// terminal (`ESC [2J` clears it, `ESC ]0;…BEL` retitles it) and bidirectional controls reorder
/// what is read (`refund U+202E gnp.exe` reads as `refund exe.png`). Each is replaced by a
/// visible stand-in rather than dropped, so the reader sees that something was there:
/// a C0 control or DEL by its Control Pictures symbol (ESC as `␛`, a line feed as `␊`), a C1
/// control or a bidirectional control by its code point (`<U+202E>`).
public enum DisplayText {
    /// Which layout characters a place keeps as they are.
    public enum Layout: Sendable {
        /// One line, such as a table cell: every control is replaced, line feeds and tabs too.
        case singleLine
        /// HTML, where tab, line feed and carriage return are whitespace (or a `<pre>`'s line breaks)
        /// and move nothing.
        case html
    }

    /// `text` with its C0 and C1 controls, DEL and bidirectional controls replaced by visible
    /// stand-ins; `text` itself when it has none.
    public static func neutralised(_ text: String, for layout: Layout = .singleLine) -> String {
        guard text.unicodeScalars.contains(where: { needsStandIn($0, layout) }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsStandIn(scalar, layout) else {
                shown.append(scalar)
                continue
            }
            shown.append(contentsOf: standIn(scalar).unicodeScalars)
        }
        return String(shown)
    }

    private static func needsStandIn(_ scalar: Unicode.Scalar, _ layout: Layout) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: layout == .singleLine
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        default: isBidirectionalControl(scalar)
        }
    }

    /// The characters that change the direction of what follows them: ALM, LRM, RLM, the
    /// embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and the isolates (LRI, RLI, FSI, PDI).
    private static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func standIn(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        // Control Pictures: U+2400 + the control's value for C0, U+2421 for DEL.
        case 0x00...0x1F: String(Character(Unicode.Scalar(0x2400 + scalar.value) ?? "?"))
        case 0x7F: "\u{2421}"
        default: "<U+" + hex(scalar.value) + ">"
        }
    }

    /// At least four uppercase hex digits, as code points are written.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
