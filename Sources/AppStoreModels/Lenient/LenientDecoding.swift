/// Shared helpers for the lenient wire types: reading a single value that Apple may send as a
/// JSON string, number or Boolean, and building `DecodingError`s that never echo long input.
enum LenientDecoding {
    /// The longest slice of offending input quoted in an error message.
    static let previewLength = 32

    /// A short, quoted excerpt of `text` for error messages.
    static func preview(_ text: String) -> String {
        if text.count <= previewLength { return "\"\(text)\"" }
        return "\"\(text.prefix(previewLength))…\" (\(text.count) characters)"
    }

    /// Decodes the value as a string if it is one, `nil` if it is some other JSON type.
    static func string(in container: any SingleValueDecodingContainer) -> String? {
        try? container.decode(String.self)
    }

    /// Decodes the value as a 64-bit integer if it is one, `nil` otherwise.
    static func int64(in container: any SingleValueDecodingContainer) -> Int64? {
        try? container.decode(Int64.self)
    }

    /// Decodes the value as a Boolean if it is one, `nil` otherwise.
    static func bool(in container: any SingleValueDecodingContainer) -> Bool? {
        try? container.decode(Bool.self)
    }

    /// Parses a decimal integer with an optional leading `-`, rejecting whitespace, `+`, and
    /// anything `Int64` cannot hold.
    static func parseInt64(_ text: String) -> Int64? {
        guard let first = text.utf8.first, first != UInt8(ascii: "+") else { return nil }
        return Int64(text)
    }

    /// The error for a value of the wrong JSON type.
    static func typeMismatch(
        _ type: Any.Type,
        in container: any SingleValueDecodingContainer,
        expected: String
    ) -> DecodingError {
        DecodingError.typeMismatch(
            type,
            DecodingError.Context(codingPath: container.codingPath, debugDescription: "Expected \(expected).")
        )
    }

    /// The error for a string that has the right JSON type but the wrong content.
    static func corrupted(
        in container: any SingleValueDecodingContainer,
        expected: String,
        found text: String
    ) -> DecodingError {
        DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "Expected \(expected), found \(preview(text))."
        )
    }
}
