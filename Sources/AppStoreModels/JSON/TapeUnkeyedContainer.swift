/// Sequential access to one JSON array on the tape.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let tape: JSONTape
    private let arrayIndex: Int
    let count: Int?
    private(set) var currentIndex = 0
    private var cursor: Int
    private let end: Int

    init(tape: JSONTape, arrayIndex: Int) throws {
        let array = tape[arrayIndex]
        guard array.kind == .array else {
            throw DecodingError.typeMismatch(
                [Any].self,
                .init(codingPath: tape.codingPath(to: arrayIndex), debugDescription: "expected an array, found \(array.kind)"))
        }
        self.tape = tape
        self.arrayIndex = arrayIndex
        self.count = Int(array.count)
        self.cursor = arrayIndex + 1
        self.end = Int(array.next)
    }

    var codingPath: [any CodingKey] { tape.codingPath(to: arrayIndex) }

    var isAtEnd: Bool { cursor >= end }

    private mutating func next() throws -> TapeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "unkeyed container is at end"))
        }
        let decoder = TapeDecoder(tape: tape, index: cursor)
        cursor = Int(tape[cursor].next)
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "unkeyed container is at end"))
        }
        guard tape[cursor].kind == .null else { return false }
        cursor += 1
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeFloatingPoint(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloatingPoint(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(UInt64.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// Access to the single value a `TapeDecoder` points at.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TapeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    private func nonNull() throws -> TapeDecoder {
        guard !decoder.isNull else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "value is null"))
        }
        return decoder
    }

    func decodeNil() -> Bool { decoder.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try nonNull().decodeBool() }
    func decode(_ type: String.Type) throws -> String { try nonNull().decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try nonNull().decodeFloatingPoint(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try nonNull().decodeFloatingPoint(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try nonNull().decodeInteger(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try nonNull().decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try nonNull().decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try nonNull().decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try nonNull().decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try nonNull().decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try nonNull().decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try nonNull().decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try nonNull().decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try nonNull().decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(T.self) }
}
