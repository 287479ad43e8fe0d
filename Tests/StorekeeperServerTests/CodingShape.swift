import Foundation

/// The top-level keys a `Decodable` type reads, and which of them it requires: what its
/// `init(from:)` asks with `decode` (required) or `decodeIfPresent` (optional). Found by running
/// the initializer against a decoder that records the questions and answers every one with an
/// empty value, so no sample JSON is needed and a renamed or added field shows at once.
enum CodingShape {
    /// Key → whether it is required.
    static func of<T: Decodable>(_ type: T.Type) throws -> [String: Bool] {
        let recorder = Recorder()
        _ = try T(from: ProbeDecoder(recorder: recorder, depth: 0))
        return recorder.keys
    }

    final class Recorder {
        var keys: [String: Bool] = [:]

        func note(_ key: any CodingKey, required: Bool) {
            // A key read both ways (a custom decoder's fallback) counts as required if either read is.
            keys[key.stringValue] = (keys[key.stringValue] ?? false) || required
        }
    }

    struct ProbeDecoder: Decoder {
        let recorder: Recorder
        /// 0 for the type probed; nested values are answered without recording.
        let depth: Int
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Keyed<Key>(decoder: self))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(codingPath: codingPath) }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

        /// An empty value of `type`: zero, empty text, a fresh UUID, or the type decoded one level down.
        func empty<T: Decodable>(_ type: T.Type) throws -> T {
            if let uuid = UUID() as? T { return uuid }
            if let text = "" as? T { return text }
            if let flag = false as? T { return flag }
            return try T(from: ProbeDecoder(recorder: recorder, depth: depth + 1, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            if decoder.depth == 0 { decoder.recorder.note(key, required: true) }
            return try decoder.empty(type)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { absent(key) }

        // The primitive overloads have default implementations that would call `decode` (and so
        // count as required): an optional primitive field reaches one of these.
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { absent(key) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { absent(key) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { absent(key) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { absent(key) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { absent(key) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { absent(key) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { absent(key) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { absent(key) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { absent(key) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { absent(key) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { absent(key) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { absent(key) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { absent(key) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { absent(key) }

        private func absent<T>(_ key: Key) -> T? {
            if decoder.depth == 0 { decoder.recorder.note(key, required: false) }
            return nil
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            if decoder.depth == 0 { decoder.recorder.note(key, required: true) }
            return KeyedDecodingContainer(Keyed<NestedKey>(decoder: ProbeDecoder(recorder: decoder.recorder, depth: decoder.depth + 1)))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            if decoder.depth == 0 { decoder.recorder.note(key, required: true) }
            return Unkeyed(codingPath: codingPath)
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }

    /// Every array is empty.
    struct Unkeyed: UnkeyedDecodingContainer {
        var codingPath: [any CodingKey]
        var count: Int? { 0 }
        var isAtEnd: Bool { true }
        var currentIndex: Int { 0 }

        mutating func decodeNil() throws -> Bool { true }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the probe's arrays are empty"))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the probe's arrays are empty"))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { self }
        mutating func superDecoder() throws -> any Decoder {
            throw DecodingError.valueNotFound(Self.self, .init(codingPath: codingPath, debugDescription: "the probe's arrays are empty"))
        }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) throws -> Bool { false }
        func decode(_ type: String.Type) throws -> String { "" }
        func decode(_ type: Double.Type) throws -> Double { 0 }
        func decode(_ type: Float.Type) throws -> Float { 0 }
        func decode(_ type: Int.Type) throws -> Int { 0 }
        func decode(_ type: Int8.Type) throws -> Int8 { 0 }
        func decode(_ type: Int16.Type) throws -> Int16 { 0 }
        func decode(_ type: Int32.Type) throws -> Int32 { 0 }
        func decode(_ type: Int64.Type) throws -> Int64 { 0 }
        func decode(_ type: UInt.Type) throws -> UInt { 0 }
        func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
        func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
        func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
        func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.empty(type) }
    }
}
