import Foundation

/// A strict, fast JSON decoder for any `Decodable` type.
///
/// It validates the whole document first (RFC 8259 grammar, UTF-8, nesting depth, duplicate
/// keys) and then decodes from a flat index of the document, which makes decoding a signed
/// payload several times cheaper than Foundation's `JSONDecoder`. It never coerces types: a
/// number is not a string and a string is not a number (types that want that, like the
/// verifyReceipt lenient values, implement it in their own `init(from:)`).
///
/// Errors are `DecodingError`s with the coding path and a reason.
public struct FastJSONDecoder: Sendable {
    /// The deepest nesting of objects and arrays accepted.
    public var maxDepth: Int

    public init(maxDepth: Int = 32) {
        self.maxDepth = maxDepth
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let tape: JSONTape
        do {
            tape = try JSONTape(parsing: bytes, maxDepth: maxDepth)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description))
        }
        return try TapeDecoder(tape: tape, index: 0).decodeValue(T.self)
    }

    public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
        try decode(type, from: Array(string.utf8))
    }
}

/// The `Decoder` handed to `init(from:)`: one position on the tape.
///
/// Two words, so it and the single-value container wrapping it fit in an existential's
/// inline buffer (no allocation per field); the coding path is rebuilt from the tape when an
/// error asks for it.
struct TapeDecoder: Decoder {
    let tape: JSONTape
    let index: Int

    var codingPath: [any CodingKey] { tape.codingPath(to: index) }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try TapeKeyedContainer<Key>(tape: tape, objectIndex: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try TapeUnkeyedContainer(tape: tape, arrayIndex: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(decoder: self)
    }

    /// Decodes the value at `index`, with fast paths for the scalar types the models use most.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try decodeString() as! T }
        if T.self == Timestamp.self {
            return Timestamp(millisecondsSince1970: try decodeInteger(Int64.self)) as! T
        }
        if T.self == Int64.self { return try decodeInteger(Int64.self) as! T }
        if T.self == Int.self { return try decodeInteger(Int.self) as! T }
        if T.self == Bool.self { return try decodeBool() as! T }
        if T.self == UUID.self { return try decodeUUID() as! T }
        return try T(from: self)
    }

    // MARK: Scalars

    func typeMismatch<T>(_ type: T.Type, _ found: JSONTape.Kind) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(found)"))
    }

    func corrupted(_ reason: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: reason))
    }

    var isNull: Bool { tape[index].kind == .null }

    func decodeString() throws -> String {
        let entry = tape[index]
        let value: String? = tape.bytes.withUnsafeBufferPointer { bytes in
            switch entry.kind {
            case .string: JSONScalars.plainString(bytes, Int(entry.start), Int(entry.end))
            case .escapedString: JSONScalars.escapedString(bytes, Int(entry.start), Int(entry.end))
            default: nil
            }
        }
        guard let value else {
            if entry.kind == .string || entry.kind == .escapedString {
                throw corrupted("string is not valid Unicode")
            }
            throw typeMismatch(String.self, entry.kind)
        }
        return value
    }

    /// Foundation's `UUID(from:)` semantics (a string `UUID(uuidString:)` accepts), without the
    /// intermediate `String` for the common unescaped case.
    func decodeUUID() throws -> UUID {
        let entry = tape[index]
        if entry.kind == .string,
            let uuid = tape.bytes.withUnsafeBufferPointer({ JSONScalars.uuid($0, Int(entry.start), Int(entry.end)) })
        {
            return uuid
        }
        guard let uuid = UUID(uuidString: try decodeString()) else {
            throw corrupted("Attempted to decode UUID from invalid UUID string.")
        }
        return uuid
    }

    func decodeBool() throws -> Bool {
        switch tape[index].kind {
        case .trueLiteral: return true
        case .falseLiteral: return false
        case let other: throw typeMismatch(Bool.self, other)
        }
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let entry = tape[index]
        guard entry.kind == .number else { throw typeMismatch(T.self, entry.kind) }
        let parsed: T? = tape.bytes.withUnsafeBufferPointer { bytes in
            if T.isSigned {
                JSONScalars.int64(bytes, Int(entry.start), Int(entry.end)).flatMap { T(exactly: $0) }
            } else {
                JSONScalars.uint64(bytes, Int(entry.start), Int(entry.end)).flatMap { T(exactly: $0) }
            }
        }
        guard let parsed else { throw corrupted("number does not fit in \(T.self)") }
        return parsed
    }

    func decodeFloatingPoint<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
        let entry = tape[index]
        guard entry.kind == .number else { throw typeMismatch(T.self, entry.kind) }
        let parsed = tape.bytes.withUnsafeBufferPointer { bytes in
            JSONScalars.double(bytes, Int(entry.start), Int(entry.end))
        }
        guard let parsed else { throw corrupted("number is not a finite \(T.self)") }
        return T(parsed)
    }
}
