import Foundation

/// The `Encoder` behind ``FastJSONEncoder``: each value becomes an ``EncodedNode``.
final class TreeEncoder: Encoder {
    private let parentPath: [any CodingKey]
    private let key: (any CodingKey)?
    /// What was encoded; `nil` until a container is requested or a single value written.
    var node: EncodedNode?

    init(parentPath: [any CodingKey], key: (any CodingKey)?) {
        self.parentPath = parentPath
        self.key = key
    }

    var codingPath: [any CodingKey] {
        guard let key else { return parentPath }
        return parentPath + [key]
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The node for `value`, with fast paths for scalars and Foundation's special cases (Data as
    /// Base64, URL as its absolute string, Decimal as a number). A value that encodes nothing
    /// is an empty object, as in Foundation.
    static func node<T: Encodable>(for value: T, parentPath: [any CodingKey], key: (any CodingKey)?) throws -> EncodedNode {
        if let scalar = try scalarNode(value, parentPath: parentPath, key: key) { return scalar }
        let encoder = TreeEncoder(parentPath: parentPath, key: key)
        try value.encode(to: encoder)
        return encoder.node ?? .object(EncodedNode.ObjectBox())
    }

    private static func scalarNode<T: Encodable>(
        _ value: T, parentPath: [any CodingKey], key: (any CodingKey)?
    ) throws -> EncodedNode? {
        // Metatype comparisons are pointer compares; only a match pays for a cast.
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int64.self { return .literal(String(value as! Int64)) }
        if T.self == Int.self { return .literal(String(value as! Int)) }
        if T.self == Bool.self { return .literal((value as! Bool) ? "true" : "false") }
        if T.self == Int32.self { return .literal(String(value as! Int32)) }
        if T.self == Double.self {
            return try .floatingPoint(value as! Double, codingPath: key.map { parentPath + [$0] } ?? parentPath)
        }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Decimal.self { return .literal((value as! Decimal).description) }
        if T.self == UUID.self { return .string((value as! UUID).uppercasedString) }
        return nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: EncodedNode.ObjectBox
        if case .object(let existing) = node {
            box = existing
        } else {
            box = EncodedNode.ObjectBox()
            node = .object(box)
        }
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(box: box, encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: EncodedNode.ArrayBox
        if case .array(let existing) = node {
            box = existing
        } else {
            box = EncodedNode.ArrayBox()
            node = .array(box)
        }
        return TreeUnkeyedContainer(box: box, encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { TreeSingleValueContainer(encoder: self) }
}

struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodedNode.ObjectBox
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: EncodedNode, _ key: Key) { box.set(node, for: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { set(.literal("null"), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.literal(value ? "true" : "false"), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try .floatingPoint(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try .floatingPoint(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.literal(String(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try TreeEncoder.node(for: value, parentPath: codingPath, key: key), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = TreeEncoder(parentPath: codingPath, key: key)
        let container = nested.container(keyedBy: NestedKey.self)
        set(nested.node!, key)
        return container
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = TreeEncoder(parentPath: codingPath, key: key)
        let container = nested.unkeyedContainer()
        set(nested.node!, key)
        return container
    }

    mutating func superEncoder() -> any Encoder { superEncoder(name: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(name: key.stringValue) }

    private func superEncoder(name: String) -> any Encoder {
        let nested = TreeEncoder(parentPath: codingPath, key: JSONKey(stringValue: name))
        box.set(.deferred(nested), for: name)
        return nested
    }
}

struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let box: EncodedNode.ArrayBox
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.items.count }

    private func append(_ node: EncodedNode) { box.items.append(node) }
    private var nextKey: JSONKey { JSONKey(intValue: box.items.count) }

    mutating func encodeNil() throws { append(.literal("null")) }
    mutating func encode(_ value: Bool) throws { append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try .floatingPoint(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { append(try .floatingPoint(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { append(.literal(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try TreeEncoder.node(for: value, parentPath: codingPath, key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = TreeEncoder(parentPath: codingPath, key: nextKey)
        let container = nested.container(keyedBy: NestedKey.self)
        append(nested.node!)
        return container
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = TreeEncoder(parentPath: codingPath, key: nextKey)
        let container = nested.unkeyedContainer()
        append(nested.node!)
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let nested = TreeEncoder(parentPath: codingPath, key: nextKey)
        append(.deferred(nested))
        return nested
    }
}

struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: EncodedNode) { encoder.node = node }

    mutating func encodeNil() throws { set(.literal("null")) }
    mutating func encode(_ value: Bool) throws { set(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try .floatingPoint(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try .floatingPoint(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { set(.literal(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try TreeEncoder.node(for: value, parentPath: encoder.codingPath, key: nil))
    }
}
