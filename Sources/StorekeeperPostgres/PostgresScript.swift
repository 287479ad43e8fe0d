/// Splits an SQL script into statements at the semicolons that end them, skipping those inside
/// quoted strings, quoted identifiers, comments and dollar-quoted bodies (`$$ ... $$`,
/// `$tag$ ... $tag$`, as in `CREATE FUNCTION`). Statements holding only whitespace and comments
/// are dropped.
enum PostgresScript {
    static func statements(in script: String) -> [String] {
        var scanner = Scanner(Array(script.unicodeScalars))
        return scanner.statements()
    }

    private struct Scanner {
        let characters: [Unicode.Scalar]
        var index = 0
        var current = String.UnicodeScalarView()
        /// Whether `current` holds more than whitespace and comments.
        var hasCode = false

        init(_ characters: [Unicode.Scalar]) {
            self.characters = characters
        }

        mutating func statements() -> [String] {
            var statements: [String] = []
            while let character = peek() {
                switch character {
                case ";":
                    if hasCode { statements.append(trimmed(current)) }
                    current = String.UnicodeScalarView()
                    hasCode = false
                    index += 1
                case "-" where peek(1) == "-":
                    takeThrough(["\n"], searchFrom: index + 2)
                case "/" where peek(1) == "*":
                    takeBlockComment()
                case "'", "\"":
                    hasCode = true
                    takeQuoted(character)
                case "$":
                    hasCode = true
                    if let tag = dollarTag() {
                        takeThrough(tag, searchFrom: index + tag.count)
                    } else {
                        take(1)
                    }
                default:
                    if !character.properties.isWhitespace { hasCode = true }
                    take(1)
                }
            }
            if hasCode { statements.append(trimmed(current)) }
            return statements
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < characters.count ? characters[index + offset] : nil
        }

        private mutating func take(_ count: Int) {
            let end = min(index + count, characters.count)
            current.append(contentsOf: characters[index..<end])
            index = end
        }

        /// Copies up to and including the first `terminator` found from `searchFrom`, or to the end.
        private mutating func takeThrough(_ terminator: [Unicode.Scalar], searchFrom: Int) {
            var end = searchFrom
            while end < characters.count, !characters[end...].starts(with: terminator) { end += 1 }
            take(min(end + terminator.count, characters.count) - index)
        }

        /// A quoted string or identifier, where a doubled quote stands for itself; in `E'...'`
        /// strings a backslash escapes the next character.
        private mutating func takeQuoted(_ quote: Unicode.Scalar) {
            let backslashEscapes = quote == "'" && isEscapeStringPrefix()
            take(1)
            while let character = peek() {
                if backslashEscapes && character == "\\" {
                    take(2)
                } else if character == quote {
                    if peek(1) == quote {
                        take(2)
                    } else {
                        take(1)
                        return
                    }
                } else {
                    take(1)
                }
            }
        }

        /// `E` or `e` standing alone right before the quote (not the end of a word like `date`).
        private func isEscapeStringPrefix() -> Bool {
            guard index >= 1, characters[index - 1] == "E" || characters[index - 1] == "e" else { return false }
            guard index >= 2 else { return true }
            let before = characters[index - 2]
            return !(before.properties.isAlphabetic || before == "_" || ("0"..."9").contains(before))
        }

        /// `/* ... */`, which nests in PostgreSQL.
        private mutating func takeBlockComment() {
            var depth = 0
            while let character = peek() {
                if character == "/" && peek(1) == "*" {
                    depth += 1
                    take(2)
                } else if character == "*" && peek(1) == "/" {
                    depth -= 1
                    take(2)
                    if depth == 0 { return }
                } else {
                    take(1)
                }
            }
        }

        /// The `$$` or `$tag$` at the cursor, if any. A tag is letters, digits and underscores and
        /// does not start with a digit, so `$1` is a placeholder, not a tag.
        private func dollarTag() -> [Unicode.Scalar]? {
            var end = index + 1
            while end < characters.count {
                let character = characters[end]
                let isTagCharacter =
                    character == "_" || character.properties.isAlphabetic
                    || (end > index + 1 && ("0"..."9").contains(character))
                guard isTagCharacter else { break }
                end += 1
            }
            guard end < characters.count, characters[end] == "$" else { return nil }
            return Array(characters[index...end])
        }

        private func trimmed(_ scalars: String.UnicodeScalarView) -> String {
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            else { return "" }
            return String(scalars[first...last])
        }
    }
}
