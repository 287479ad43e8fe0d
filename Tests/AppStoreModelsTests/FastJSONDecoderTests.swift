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
}
