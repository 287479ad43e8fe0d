/// Keyed access to one JSON object on the tape.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The member table and lookups; kept out of this generic type so they run specialised.
    private let object: TapeObject

    init(tape: JSONTape, objectIndex: Int) throws {
        self.object = try TapeObject(tape: tape, objectIndex: objectIndex)
    }

    var codingPath: [any CodingKey] { object.codingPath }

    private var tape: JSONTape { object.tape }

    private func valueIndex(for key: Key) -> Int? { object.valueIndex(for: key.stringValue) }

    var allKeys: [Key] { object.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { valueIndex(for: key) != nil }

    private func decoder(for key: Key) throws -> TapeDecoder {
        guard let index = valueIndex(for: key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for key \"\(key.stringValue)\""))
        }
        return TapeDecoder(tape: tape, index: index)
    }

    private func presentDecoder(for key: Key) -> TapeDecoder? {
        guard let index = valueIndex(for: key), tape[index].kind != .null else { return nil }
        return TapeDecoder(tape: tape, index: index)
    }

    private func nonNullDecoder(for key: Key) throws -> TapeDecoder {
        let decoder = try decoder(for: key)
        guard !decoder.isNull else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: decoder.codingPath, debugDescription: "value is null"))
        }
        return decoder
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try nonNullDecoder(for: key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try nonNullDecoder(for: key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try nonNullDecoder(for: key).decodeFloatingPoint(Double.self)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try nonNullDecoder(for: key).decodeFloatingPoint(Float.self)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try nonNullDecoder(for: key).decodeInteger(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try nonNullDecoder(for: key).decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try nonNullDecoder(for: key).decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try nonNullDecoder(for: key).decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try nonNullDecoder(for: key).decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try nonNullDecoder(for: key).decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try nonNullDecoder(for: key).decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try nonNullDecoder(for: key).decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try nonNullDecoder(for: key).decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try nonNullDecoder(for: key).decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder(for: key).decodeValue(T.self)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentDecoder(for: key)?.decodeBool() }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try presentDecoder(for: key)?.decodeString()
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try presentDecoder(for: key)?.decodeFloatingPoint(Double.self)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try presentDecoder(for: key)?.decodeFloatingPoint(Float.self)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentDecoder(for: key)?.decodeInteger(Int.self) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentDecoder(for: key)?.decodeInteger(Int8.self) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try presentDecoder(for: key)?.decodeInteger(Int16.self)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try presentDecoder(for: key)?.decodeInteger(Int32.self)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try presentDecoder(for: key)?.decodeInteger(Int64.self)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentDecoder(for: key)?.decodeInteger(UInt.self) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try presentDecoder(for: key)?.decodeInteger(UInt8.self)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try presentDecoder(for: key)?.decodeInteger(UInt16.self)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try presentDecoder(for: key)?.decodeInteger(UInt32.self)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try presentDecoder(for: key)?.decodeInteger(UInt64.self)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentDecoder(for: key)?.decodeValue(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw DecodingError.keyNotFound(
                JSONKey(stringValue: "super"), .init(codingPath: codingPath, debugDescription: "no super key"))
        }
        return try decoder(for: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

/// A coding key for positions and ad-hoc names in error paths.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
