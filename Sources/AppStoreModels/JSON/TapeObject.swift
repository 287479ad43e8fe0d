/// The members of one JSON object on the tape, indexed for lookup by key.
///
/// Deliberately not generic: `TapeKeyedContainer<Key>` is reached through the standard
/// library's type-erased container box, where generic code runs unspecialised. Keeping the
/// member table and the byte comparisons here makes every lookup concrete code.
///
/// Each member carries a 64-bit FNV-1a hash of its (unescaped) key, so a lookup hashes the
/// wanted key once and compares integers; key bytes are compared only on a hash match.
struct TapeObject {
    private struct Member {
        var hash: UInt64
        var keyStart: Int32
        var keyEnd: Int32
        var escaped: Bool
        var valueIndex: Int32
    }

    let tape: JSONTape
    let objectIndex: Int
    private let members: [Member]

    var codingPath: [any CodingKey] { tape.codingPath(to: objectIndex) }

    /// Indexes the object at `objectIndex`; a key that appears twice is refused (a signed
    /// payload with two values for one key is ambiguous).
    init(tape: JSONTape, objectIndex: Int) throws {
        let object = tape[objectIndex]
        guard object.kind == .object else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: tape.codingPath(to: objectIndex), debugDescription: "expected an object, found \(object.kind)"))
        }
        self.tape = tape
        self.objectIndex = objectIndex
        var members: [Member] = []
        members.reserveCapacity(Int(object.count))
        tape.bytes.withUnsafeBufferPointer { bytes in
            var cursor = objectIndex + 1
            while cursor < Int(object.next) {
                let key = tape[cursor]
                let escaped = key.kind == .escapedString
                let hash =
                    escaped
                    ? Self.hash(Array((JSONScalars.escapedString(bytes, Int(key.start), Int(key.end)) ?? "").utf8))
                    : Self.hash(UnsafeBufferPointer(rebasing: bytes[Int(key.start)..<Int(key.end)]))
                members.append(
                    Member(hash: hash, keyStart: key.start, keyEnd: key.end, escaped: escaped, valueIndex: Int32(cursor + 1)))
                cursor = Int(tape[cursor + 1].next)
            }
        }
        self.members = members
        if let duplicate = firstDuplicate() {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "duplicate key \"\(duplicate)\""))
        }
    }

    private static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The name of the first key that appears twice, if any.
    private func firstDuplicate() -> String? {
        guard members.count > 1 else { return nil }
        for first in 0..<members.count {
            for second in (first + 1)..<members.count where members[first].hash == members[second].hash {
                let name = name(at: first)
                if name == self.name(at: second) { return name }
            }
        }
        return nil
    }

    private func name(at position: Int) -> String {
        let member = members[position]
        return tape.bytes.withUnsafeBufferPointer { bytes in
            member.escaped
                ? JSONScalars.escapedString(bytes, Int(member.keyStart), Int(member.keyEnd)) ?? ""
                : JSONScalars.plainString(bytes, Int(member.keyStart), Int(member.keyEnd)) ?? ""
        }
    }

    /// Every key, in document order.
    var names: [String] { members.indices.map(name(at:)) }

    /// The tape index of the value for `key`, if the object has it.
    func valueIndex(for key: String) -> Int? {
        var key = key
        return key.withUTF8 { wanted in
            let hash = Self.hash(wanted)
            for position in members.indices where members[position].hash == hash {
                if matches(position, wanted) { return Int(members[position].valueIndex) }
            }
            return nil
        }
    }

    private func matches(_ position: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let member = members[position]
        if member.escaped { return name(at: position).utf8.elementsEqual(wanted) }
        let length = Int(member.keyEnd - member.keyStart)
        guard length == wanted.count else { return false }
        return tape.bytes.withUnsafeBufferPointer { bytes in
            UnsafeBufferPointer(rebasing: bytes[Int(member.keyStart)..<Int(member.keyEnd)]).elementsEqual(wanted)
        }
    }
}
