public import Foundation
public import Testing

/// The genuine Apple-signed data from `../shared/conformance/apple-signed`, copied into this
/// package as fixtures, and the manifest saying what each must decode to or why it must fail.
public enum ConformanceVectors {
    public struct Manifest: Decodable, Sendable {
        public var vectors: [Vector]
    }

    public struct Vector: Decodable, Sendable, CustomTestStringConvertible {
        public var file: String
        public var expect: String
        public var why: String?
        /// The fields the accepted payload must decode to (JSON values kept as `JSONValue`).
        public var decoded: [String: JSONValue]?
        public var verifyReceiptResponse: String?

        public var isAccepted: Bool { expect == "accept" }
        public var testDescription: String { file }
    }

    public static let directory: URL = {
        guard let url = Bundle.module.url(forResource: "conformance", withExtension: nil, subdirectory: "Fixtures") else {
            preconditionFailure("conformance fixtures are missing from StorekeeperTesting")
        }
        return url
    }()

    public static func url(_ file: String) -> URL { directory.appending(path: file) }

    /// The file's text without surrounding whitespace.
    public static func text(_ file: String) throws -> String {
        try String(contentsOf: url(file), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url("manifest.json")))
    }

    public static func vectors(where predicate: (Vector) -> Bool = { _ in true }) -> [Vector] {
        ((try? manifest().vectors) ?? []).filter(predicate)
    }
}

/// Any JSON value, for comparing decoded fields against the manifest.
public enum JSONValue: Decodable, Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let value): value == value.rounded() ? String(Int64(value)) : String(value)
        case .string(let value): value
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let values): "{" + values.keys.sorted().map { "\($0):\(values[$0] ?? .null)" }.joined(separator: ",") + "}"
        }
    }
}
