/// Keyed access to one JSON object on the tape.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private struct Member {
        var keyStart: Int32
        var keyEnd: Int32
        var escaped: Bool
        var valueIndex: Int32
    }

    let tape: JSONTape
    let codingPath: [any CodingKey]
    private let members: [Member]

    init(tape: JSONTape, objectIndex: Int, codingPath: [any CodingKey]) throws {
        let object = tape[objectIndex]
        guard object.kind == .object else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "expected an object, found \(object.kind)"))
        }
        self.tape = tape
        self.codingPath = codingPath
        var members: [Member] = []
        members.reserveCapacity(Int(object.count))
        var cursor = objectIndex + 1
        while cursor < Int(object.next) {
            let key = tape[cursor]
            members.append(
                Member(
                    keyStart: key.start, keyEnd: key.end, escaped: key.kind == .escapedString,
                    valueIndex: Int32(cursor + 1)))
            cursor = Int(tape[cursor + 1].next)
        }
        self.members = members
        try rejectDuplicateKeys()
    }

    /// A signed payload with two values for one key is ambiguous; refuse it outright.
    /// Compares raw key bytes pairwise (objects are small), decoding only escaped keys.
    private func rejectDuplicateKeys() throws {
        guard members.count > 1 else { return }
        let duplicate: Member? = tape.bytes.withUnsafeBufferPointer { bytes in
            for first in 0..<members.count {
                let a = members[first]
                for second in (first + 1)..<members.count {
                    let b = members[second]
                    if a.escaped || b.escaped {
                        if name(of: a) == name(of: b) { return a }
                        continue
                    }
                    let length = Int(a.keyEnd - a.keyStart)
                    guard length == Int(b.keyEnd - b.keyStart) else { continue }
                    var equal = true
                    for offset in 0..<length where bytes[Int(a.keyStart) + offset] != bytes[Int(b.keyStart) + offset] {
                        equal = false
                        break
                    }
                    if equal { return a }
                }
            }
            return nil
        }
        if let duplicate {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "duplicate key \"\(name(of: duplicate))\""))
        }
    }

    private func name(of member: Member) -> String {
        tape.bytes.withUnsafeBufferPointer { bytes in
            member.escaped
                ? JSONScalars.escapedString(bytes, Int(member.keyStart), Int(member.keyEnd)) ?? ""
                : JSONScalars.plainString(bytes, Int(member.keyStart), Int(member.keyEnd)) ?? ""
        }
    }

    private func valueIndex(for key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { wanted in
            tape.bytes.withUnsafeBufferPointer { bytes -> Int? in
                for member in members {
                    if member.escaped {
                        if self.name(of: member) == key.stringValue { return Int(member.valueIndex) }
                        continue
                    }
                    let start = Int(member.keyStart)
                    guard Int(member.keyEnd) - start == wanted.count else { continue }
                    var equal = true
                    for offset in 0..<wanted.count where bytes[start + offset] != wanted[offset] {
                        equal = false
                        break
                    }
                    if equal { return Int(member.valueIndex) }
                }
                return nil
            }
        }
    }

    var allKeys: [Key] { members.compactMap { Key(stringValue: name(of: $0)) } }

    func contains(_ key: Key) -> Bool { valueIndex(for: key) != nil }

    private func decoder(for key: Key) throws -> TapeDecoder {
        guard let index = valueIndex(for: key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for key \"\(key.stringValue)\""))
        }
        return TapeDecoder(tape: tape, index: index, parentPath: codingPath, key: key)
    }

    private func presentDecoder(for key: Key) -> TapeDecoder? {
        guard let index = valueIndex(for: key), tape[index].kind != .null else { return nil }
        return TapeDecoder(tape: tape, index: index, parentPath: codingPath, key: key)
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
