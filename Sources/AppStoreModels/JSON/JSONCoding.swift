public import Foundation

/// The one entry point for JSON in Storekeeper, with its settings in one place.
///
/// - ``decode(_:from:)``: Foundation's `JSONDecoder` with default settings (dates are
///   ``Timestamp``s, integers on the wire, so no date strategy is needed). For bodies of Apple's
///   APIs, the simulator's requests, stored rows and messages.
/// - ``decodeStrict(_:from:maxDepth:)``: the strict tape decoder (``FastJSONDecoder``) for JWS
///   headers and signed payloads, where `storekeeper-bench json` measures it at 1.4–2.3 ×
///   Foundation (BENCHMARKS.md), and for notification bodies, customer tokens and stored
///   subscription state, where it is kept for what it refuses (duplicate keys, deep nesting)
///   rather than for speed.
/// - ``encode(_:)``: canonical bytes — keys sorted, `/` not escaped — so identical values give
///   identical bytes (signatures, idempotency comparisons, stored state), written by
///   ``FastJSONEncoder``: the bytes Foundation's encoder writes with ``encoder()``'s settings.
public enum JSONCoding {
    /// Decodes `type` from `data` with Foundation's decoder.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// Decodes `type` from `bytes` with Foundation's decoder.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// Decodes with the strict tape decoder, refusing duplicate keys and nesting deeper than
    /// `maxDepth`: for signed payloads and JWS headers (hot paths), tokens and stored state.
    public static func decodeStrict<T: Decodable>(_ type: T.Type, from bytes: [UInt8], maxDepth: Int) throws -> T {
        try FastJSONDecoder(maxDepth: maxDepth).decode(type, from: bytes)
    }

    /// The canonical encoding of `value`: sorted keys, unescaped slashes.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(try FastJSONEncoder().encode(value))
    }

    /// A Foundation encoder with the canonical settings, for callers that add their own (pretty
    /// printing for people).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
