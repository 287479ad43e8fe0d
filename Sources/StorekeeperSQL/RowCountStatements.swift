/// The texts of one multi-row statement (`INSERT ... VALUES (...), (...)`) by row count,
/// composed once for the counts a write usually has: composing the text on every write cost
/// more than binding its values, and the backend's statement cache hashes whatever text it gets.
package struct RowCountStatements: Sendable {
    private let texts: [String]
    private let compose: @Sendable (Int) -> String

    /// Texts for 1...`rows` kept; larger counts are composed when asked for.
    package init(upTo rows: Int, _ compose: @escaping @Sendable (Int) -> String) {
        self.texts = (0...rows).map { $0 == 0 ? "" : compose($0) }
        self.compose = compose
    }

    package subscript(rows: Int) -> String {
        precondition(rows > 0, "a multi-row statement needs a row")
        return rows < texts.count ? texts[rows] : compose(rows)
    }
}
