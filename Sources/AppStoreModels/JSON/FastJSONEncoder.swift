import Foundation

/// A compact JSON encoder for any `Encodable`, producing exactly what Foundation's
/// `JSONEncoder` produces with `outputFormatting = [.sortedKeys, .withoutEscapingSlashes]` and
/// the default strategies (dates deferred to `Date`, data as Base64), several times faster on
/// Linux.
///
/// Values are collected into a small tree (objects need every key before they can be sorted)
/// and then written out once into a byte buffer.
public struct FastJSONEncoder: Sendable {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        if let writable = value as? any JSONWritable {
            var writer = JSONWriter()
            writable.writeJSON(into: &writer)
            return writer.bytes
        }
        let root = try TreeEncoder.node(for: value, parentPath: [], key: nil)
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        root.write(into: &output)
        return output
    }
}

/// One encoded value: already-rendered JSON text, or a container still being filled.
enum EncodedNode {
    case literal(String)
    case array(ArrayBox)
    case object(ObjectBox)
    /// A `superEncoder()`'s value, known only once its encoder has been used.
    case deferred(TreeEncoder)

    final class ArrayBox {
        var items: [EncodedNode] = []
    }

    /// Members in the order they were set. A key set twice keeps its last value, as a
    /// dictionary would; kept as a list because most objects are written once, and hashing
    /// every key cost more than sorting them.
    final class ObjectBox {
        var members: [(key: String, node: EncodedNode)] = []

        func set(_ node: EncodedNode, for key: String) { members.append((key, node)) }

        /// Sorts the members by key's bytes, in place. The sort is stable, so a key set twice
        /// keeps its sets in order and the last of them is the one ``write(into:)`` keeps.
        func sortMembers() {
            members.sort { $0.key.precedesInByteOrder($1.key) }
        }
    }

    func write(into output: inout [UInt8]) {
        switch self {
        case .literal(let text):
            output.append(contentsOf: text.utf8)
        case .array(let box):
            output.append(UInt8(ascii: "["))
            for (index, item) in box.items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let box):
            output.append(UInt8(ascii: "{"))
            box.sortMembers()
            var first = true
            for (index, member) in box.members.enumerated() {
                if index + 1 < box.members.count, box.members[index + 1].key == member.key { continue }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                EncodedNode.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.node.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .deferred(let encoder):
            (encoder.node ?? .object(ObjectBox())).write(into: &output)
        }
    }

    static func writeString(_ string: String, into output: inout [UInt8]) {
        JSONWriter.writeString(string, into: &output)
    }

    static func string(_ string: String) -> EncodedNode {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 2)
        writeString(string, into: &output)
        return .literal(String(decoding: output, as: UTF8.self))
    }

    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T, codingPath: [any CodingKey]
    ) throws -> EncodedNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(T.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }
}
