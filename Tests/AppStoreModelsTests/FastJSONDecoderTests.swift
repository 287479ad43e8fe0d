import AppStoreModels
import Foundation
import Testing

/// The strict decoder used on signed payloads: agrees with Foundation on valid JSON, refuses
/// what RFC 8259 refuses, and never coerces types.
@Suite struct FastJSONDecoderTests {
    struct Sample: Codable, Equatable {
        var id: String
        var count: Int64
        var ratio: Double?
        var flag: Bool
        var when: Timestamp
        var token: UUID?
        var tags: [String]
        var nested: Nested?
        var missing: String?

        struct Nested: Codable, Equatable {
            var level: Int
            var values: [Int32?]
        }
    }

    let decoder = FastJSONDecoder()

    @Test func decodesWhatFoundationDecodes() throws {
        let json = #"""
            { "id": "a\"b\\c\/d\u00e9\ud83d\ude00\n", "count": -9223372036854775808, "ratio": 1.5e-3,
              "flag": true, "when": 1704252811000, "token": "00000000-0000-0000-0000-000000000051",
              "tags": [], "nested": {"level": 3, "values": [1, null, -2]}, "missing": null }
            """#
        let fast = try decoder.decode(Sample.self, from: json)
        let foundation = try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
        #expect(fast == foundation)
        #expect(fast.id == "a\"b\\c/d\u{e9}😀\n")
        #expect(fast.count == Int64.min)
        #expect(fast.when.millisecondsSince1970 == 1_704_252_811_000)
        #expect(fast.nested?.values == [1, nil, -2])
    }

    @Test func roundTripsEncodedModels() throws {
        let value = Sample(
            id: "x", count: 42, ratio: nil, flag: false, when: Timestamp(millisecondsSince1970: 1),
            token: UUID(), tags: ["a", "b"], nested: .init(level: 1, values: []), missing: nil)
        #expect(try decoder.decode(Sample.self, from: Array(JSONEncoder().encode(value))) == value)
    }

    @Test(arguments: [
        #"{"id":"x",}"#,  // trailing comma
        #"{"id":'x'}"#,  // single quotes
        #"{"id":"x"} x"#,  // trailing bytes
        #"{"id":01}"#,  // leading zero
        #"{"id":1.}"#,  // bare decimal point
        #"{"id":"\x"}"#,  // unknown escape
        #"{"id":"\ud800"}"#,  // lone surrogate
        "{\"id\":\"a\u{01}\"}",  // control character
        #"{"id":tru}"#,  // truncated literal
        #"{"id" "x"}"#,  // missing colon
        #"[1,2"#,  // unterminated array
        "",  // empty
        #"{"a":1,"a":2}"#,  // duplicate key
        #"{"a":1,"\u0061":2}"#,  // duplicate key, one spelled with an escape
    ])
    func rejectsInvalidDocuments(_ json: String) {
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: json) }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = Array(#"{"id":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: DecodingError.self) { try decoder.decode([String: String].self, from: bytes) }
    }

    @Test func neverCoercesTypes() {
        #expect(throws: DecodingError.self) { try decoder.decode([String: String].self, from: #"{"a":1}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: #"{"a":"1"}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Bool].self, from: #"{"a":1}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: #"{"a":1.5}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int8].self, from: #"{"a":300}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: UInt].self, from: #"{"a":-1}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int64].self, from: #"{"a":9223372036854775808}"#) }
    }

    @Test func limitsNestingDepth() throws {
        let shallow = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        struct AnyNested: Decodable { init(from decoder: any Decoder) throws {} }
        _ = try decoder.decode(AnyNested.self, from: shallow)
        #expect(throws: DecodingError.self) { try decoder.decode(AnyNested.self, from: deep) }
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(throws: DecodingError.self) { try decoder.decode(AnyNested.self, from: hostile) }
    }

    @Test func reportsMissingKeysAndNulls() {
        #expect(throws: DecodingError.self) { try decoder.decode(Sample.Nested.self, from: #"{"level":1}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Sample.Nested.self, from: #"{"level":null,"values":[]}"#) }
    }

    @Test func errorsCarryTheCodingPathOfTheOffendingValue() throws {
        let json = #"{"id":"x","count":1,"flag":true,"when":1,"tags":[],"nested":{"level":1,"values":[1,"two"]}}"#
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Sample.self, from: json) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected a type mismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["nested", "values", "Index 1"])
        #expect(context.codingPath.last?.intValue == 1)

        let missing = try #require(throws: DecodingError.self) {
            try decoder.decode([String: Sample.Nested].self, from: #"{"only":{"values":[]}}"#)
        }
        guard case .keyNotFound(let key, let keyContext) = missing else {
            Issue.record("expected a missing key, got \(missing)")
            return
        }
        #expect(key.stringValue == "level")
        #expect(keyContext.codingPath.map(\.stringValue) == ["only"])
    }

    @Test(arguments: [
        "00000000-0000-0000-0000-000000000051",
        "A1B2C3D4-E5F6-4789-ABCD-EF0123456789",
        "a1b2c3d4-e5f6-4789-abcd-ef0123456789",
        #"\u00611b2c3d4-e5f6-4789-abcd-ef0123456789"#,  // escaped: decoded, then parsed
        "a1b2c3d4e5f6-4789-abcd-ef0123456789-",  // hyphens misplaced
        "a1b2c3d4-e5f6-4789-abcd-ef012345678g",  // not hex
        "a1b2c3d4-e5f6-4789-abcd-ef012345678",  // too short
        "{a1b2c3d4-e5f6-4789-abcd-ef0123456789}",
    ])
    func decodesUUIDsExactlyAsFoundationDoes(_ spelling: String) throws {
        struct Holder: Decodable, Equatable { var token: UUID }
        let json = #"{"token":""# + spelling + #""}"#
        let foundation = try? JSONDecoder().decode(Holder.self, from: Data(json.utf8))
        let fast = try? decoder.decode(Holder.self, from: json)
        #expect(fast == foundation)
    }
}
