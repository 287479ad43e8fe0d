import Foundation
import Testing

/// Loads JSON samples from `Fixtures/` and decodes them with a plain `JSONDecoder` (no
/// strategies: the models must not depend on any).
enum Fixture {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "fixture not found: \(path)" }
    }

    static func url(_ path: String) throws -> URL {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw Missing(path: "Fixtures/")
        }
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: path) }
        return url
    }

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: url(path))
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try data(path), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
        try JSONDecoder().decode(type, from: data(path))
    }

    static func paths(in directory: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: url(directory).path)
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(directory)/\($0)" }
    }
}

/// JSON helpers shared by the suites.
enum JSON {
    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Encodes then decodes `value`.
    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    /// The JSON document `value` encodes to, as a comparable tree.
    static func tree<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    static func tree(fixture path: String) throws -> JSONValue {
        try Fixture.decode(JSONValue.self, path)
    }
}

/// A parsed JSON document that keeps the difference between `1`, `"1"` and `true`, so tests can
/// check that a model re-encodes exactly the shape Apple sent.
indirect enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var result: [String: JSONValue] = [:]
            for key in object.allKeys { result[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(result)
        } else if var array = try? decoder.unkeyedContainer() {
            var result: [JSONValue] = []
            while !array.isAtEnd { result.append(try array.decode(JSONValue.self)) }
            self = .array(result)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let integer = try? value.decode(Int64.self) {
                self = .integer(integer)
            } else if let number = try? value.decode(Double.self) {
                self = .double(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }

    /// Equal, treating two strings that spell the same UUID in different letter case as equal
    /// (Foundation writes UUIDs in upper case, Apple in lower case).
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)):
            if a == b { return true }
            guard let left = UUID(uuidString: a), let right = UUID(uuidString: b) else { return false }
            return left == right
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    /// Paths (`a.b[0].c`) where two trees differ, for readable failures.
    func differences(from other: JSONValue, at path: String = "$") -> [String] {
        switch (self, other) {
        case (.object(let a), .object(let b)):
            return Set(a.keys).union(b.keys).sorted().flatMap { key -> [String] in
                switch (a[key], b[key]) {
                case (let x?, let y?): return x.differences(from: y, at: "\(path).\(key)")
                case (nil, _): return ["\(path).\(key) missing on the left"]
                case (_, nil): return ["\(path).\(key) missing on the right"]
                }
            }
        case (.array(let a), .array(let b)) where a.count == b.count:
            return zip(a, b).enumerated().flatMap { $0.element.0.differences(from: $0.element.1, at: "\(path)[\($0.offset)]") }
        default:
            return self == other ? [] : ["\(path): \(self) != \(other)"]
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .array(let values): return "[\(values.map(\.description).joined(separator: ","))]"
        case .object(let values):
            return "{\(values.keys.sorted().map { "\"\($0)\":\(values[$0]?.description ?? "")" }.joined(separator: ","))}"
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let values) = self { return values[key] }
        return nil
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The payload (middle segment) of a compact JWS, Base64URL-decoded.
enum CompactJWS {
    struct Malformed: Error {}

    static func payload(_ jws: String) throws -> Data {
        let parts = jws.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Malformed() }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { throw Malformed() }
        return data
    }

    static func decodePayload<T: Decodable>(_ type: T.Type, _ jws: String) throws -> T {
        try JSONDecoder().decode(type, from: payload(jws))
    }
}
