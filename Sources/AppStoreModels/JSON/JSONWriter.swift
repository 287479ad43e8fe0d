public import Foundation

/// A type that writes its own JSON, byte for byte what its `Encodable` conformance produces
/// under ``FastJSONEncoder`` (keys in sorted order, `nil` optionals left out), without the
/// cost of `Encodable`'s dynamic dispatch. For the few answers served at high rates; a test
/// must compare both spellings.
public protocol JSONWritable: Encodable {
    func writeJSON(into writer: inout JSONWriter)
}

/// A map of strings (an audit event's details) writes itself, keys sorted as the tree path of
/// ``FastJSONEncoder`` sorts them.
extension Dictionary: JSONWritable where Key == String, Value == String {
    public func writeJSON(into writer: inout JSONWriter) { writer.value(self) }
}

/// Streams compact JSON into a byte buffer; it places the commas, the caller the order.
///
/// ```swift
/// writer.beginObject()
/// writer.field("id", id)           // "id":"..."
/// writer.field("expiresAt", date)  // left out when nil
/// writer.endObject()
/// ```
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value opens its container (or follows a key) and needs no comma.
    private var atStart = true

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func separate() {
        if !atStart { bytes.append(UInt8(ascii: ",")) }
        atStart = false
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        atStart = true
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        atStart = false
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        atStart = true
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        atStart = false
    }

    /// A member's key; its value follows.
    public mutating func key(_ key: String) {
        separate()
        Self.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        atStart = true
    }

    public mutating func value(_ value: String) {
        separate()
        Self.writeString(value, into: &bytes)
    }

    public mutating func value(_ value: Int64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func value(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    /// Foundation's spelling of a UUID: upper case.
    public mutating func value(_ value: UUID) { self.value(value.uppercasedString) }
    /// Milliseconds since 1970, as `Timestamp` encodes itself.
    public mutating func value(_ value: Timestamp) { self.value(value.millisecondsSince1970) }
    public mutating func value(_ value: AppStoreEnvironment) { self.value(value.rawValue) }

    public mutating func value(_ value: some JSONWritable) { value.writeJSON(into: &self) }

    public mutating func value(_ values: [some JSONWritable]) {
        beginArray()
        for value in values { value.writeJSON(into: &self) }
        endArray()
    }

    public mutating func value(_ values: [String]) {
        beginArray()
        for value in values { self.value(value) }
        endArray()
    }

    /// An object of written values, keys sorted as ``FastJSONEncoder`` sorts them.
    public mutating func value(_ values: [String: some JSONWritable]) {
        object(values) { $0.value($1) }
    }

    /// An object of integers, keys sorted as ``FastJSONEncoder`` sorts them.
    public mutating func value(_ values: [String: Int64]) {
        object(values) { $0.value($1) }
    }

    /// An object of strings, keys sorted as ``FastJSONEncoder`` sorts them.
    public mutating func value(_ values: [String: String]) {
        object(values) { $0.value($1) }
    }

    private mutating func object<Value>(_ values: [String: Value], _ write: (inout JSONWriter, Value) -> Void) {
        beginObject()
        for (key, value) in values.sorted(by: { $0.key.precedesInByteOrder($1.key) }) {
            self.key(key)
            write(&self, value)
        }
        endObject()
    }

    public mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    public mutating func field(_ key: String, _ value: Int64?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    public mutating func field(_ key: String, _ value: Int?) { field(key, value.map(Int64.init)) }
    public mutating func field(_ key: String, _ value: Int32?) { field(key, value.map(Int64.init)) }

    public mutating func field(_ key: String, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    public mutating func field(_ key: String, _ value: UUID?) { field(key, value?.uppercasedString) }
    public mutating func field(_ key: String, _ value: Timestamp?) { field(key, value?.millisecondsSince1970) }
    public mutating func field(_ key: String, _ value: AppStoreEnvironment?) { field(key, value?.rawValue) }

    /// An open enumeration as its raw value, as the standard library's `RawRepresentable`
    /// coding writes it.
    public mutating func field<Value: OpenEnumeration>(_ key: String, _ value: Value?) where Value.RawValue == String {
        field(key, value?.rawValue)
    }

    public mutating func field<Value: OpenEnumeration>(_ key: String, _ value: Value?) where Value.RawValue == Int32 {
        field(key, value?.rawValue)
    }

    public mutating func field(_ key: String, _ value: (some JSONWritable)?) {
        guard let value else { return }
        self.key(key)
        value.writeJSON(into: &self)
    }

    public mutating func field(_ key: String, _ values: [some JSONWritable]?) {
        guard let values else { return }
        self.key(key)
        self.value(values)
    }

    public mutating func field(_ key: String, _ values: [String]?) {
        guard let values else { return }
        self.key(key)
        self.value(values)
    }

    /// A JSON string with Foundation's escapes: `"` and `\`, the short forms `\b \f \n \r \t`,
    /// `\u00XX` for other control characters; `/` and non-ASCII are written as they are.
    static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    let digits: StaticString = "0123456789abcdef"
                    output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    output.append(digits.utf8Start[Int(byte >> 4)])
                    output.append(digits.utf8Start[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
