import AppStoreModels
import Foundation

/// What the tests of types that write their own JSON (`JSONWritable`) compare: the bytes
/// `FastJSONEncoder` writes against what `Encodable` gives under Foundation's encoder with the
/// canonical settings, over texts that need every escape the writer makes.
enum CanonicalJSON {
    /// Quotes and backslashes, the short escapes, other control characters, `/` and non-ASCII
    /// (written as they are), and the empty string.
    static let texts = ["plain", "with \"quotes\" and \\", "slash/and\ttab\nnewline", "é 日本 😀", "ctl\u{01}\u{1F}", ""]

    /// `value` through `Encodable`, as Foundation writes it with `JSONCoding.encoder()`'s settings.
    static func foundation(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encoder().encode(value), as: UTF8.self)
    }

    /// `value` as `FastJSONEncoder` writes it: its own writer when it has one.
    static func written(_ value: some Encodable) throws -> String {
        String(decoding: try FastJSONEncoder().encode(value), as: UTF8.self)
    }
}
