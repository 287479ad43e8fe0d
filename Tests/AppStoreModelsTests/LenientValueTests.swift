import AppStoreModels
import Foundation
import Testing

/// A one-field document, so single values can be decoded from real JSON text.
private struct Box<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value
}

private func decodeBox<Value: Codable & Equatable>(_ type: Value.Type, _ valueJSON: String) throws -> Value {
    try JSON.decode(Box<Value>.self, "{\"value\":\(valueJSON)}").value
}

private func encodeBox<Value: Codable & Equatable>(_ value: Value) throws -> String {
    try JSON.encode(Box(value: value))
}

@Suite("Lenient legacy values")
struct LenientValueTests {
    @Test(
        "FlexibleInt64 reads numbers and digit strings and writes the same form back",
        arguments: [
            ("\"1\"", Int64(1), FlexibleInt64.WireStyle.string),
            ("\"1531643137200\"", 1_531_643_137_200, .string),
            ("\"-42\"", -42, .string),
            ("0", 0, .number),
            ("501384164329443772", 501_384_164_329_443_772, .number),
            ("\"9223372036854775807\"", Int64.max, .string),
        ])
    func flexibleInt64(json: String, value: Int64, style: FlexibleInt64.WireStyle) throws {
        let decoded = try decodeBox(FlexibleInt64.self, json)
        #expect(decoded.value == value)
        #expect(decoded.wireStyle == style)
        #expect(try encodeBox(decoded) == "{\"value\":\(json)}")
    }

    @Test(
        "FlexibleInt64 rejects anything that is not an integer",
        arguments: [
            "\"1.5\"", "\" 1\"", "\"\"", "\"abc\"", "\"+1\"", "\"1e3\"", "\"9223372036854775808\"", "1.5", "true", "null", "[1]", "{}",
        ])
    func flexibleInt64Malformed(json: String) {
        #expect(throws: DecodingError.self) { try decodeBox(FlexibleInt64.self, json) }
    }

    @Test("FlexibleInt64 equality ignores the wire style")
    func flexibleInt64Equality() {
        #expect(FlexibleInt64(7, wireStyle: .number) == FlexibleInt64(7, wireStyle: .string))
        #expect(Set([FlexibleInt64(7, wireStyle: .number), 7]).count == 1)
        #expect(FlexibleInt64(7) != 8)
    }

    @Test(
        "FlexibleBool reads the four forms Apple uses and writes the same form back",
        arguments: [
            ("true", true, FlexibleBool.WireStyle.boolean),
            ("false", false, .boolean),
            ("\"true\"", true, .trueFalseString),
            ("\"false\"", false, .trueFalseString),
            ("\"1\"", true, .digitString),
            ("\"0\"", false, .digitString),
            ("1", true, .number),
            ("0", false, .number),
        ])
    func flexibleBool(json: String, value: Bool, style: FlexibleBool.WireStyle) throws {
        let decoded = try decodeBox(FlexibleBool.self, json)
        #expect(decoded.value == value)
        #expect(decoded.wireStyle == style)
        #expect(try encodeBox(decoded) == "{\"value\":\(json)}")
    }

    @Test(
        "FlexibleBool rejects other values",
        arguments: [
            "\"yes\"", "\"TRUE\"", "\"2\"", "\"\"", "2", "-1", "0.5", "null", "[]",
        ])
    func flexibleBoolMalformed(json: String) {
        #expect(throws: DecodingError.self) { try decodeBox(FlexibleBool.self, json) }
    }

    @Test("FlexibleTimestamp reads *_ms strings and numbers as exact milliseconds")
    func flexibleTimestamp() throws {
        let fromString = try decodeBox(FlexibleTimestamp.self, "\"1656678537000\"")
        #expect(fromString.millisecondsSince1970 == 1_656_678_537_000)
        #expect(fromString.wireStyle == .string)
        #expect(try encodeBox(fromString) == "{\"value\":\"1656678537000\"}")
        let fromNumber = try decodeBox(FlexibleTimestamp.self, "1656678537000")
        #expect(fromNumber == fromString)
        #expect(try encodeBox(fromNumber) == "{\"value\":1656678537000}")
        #expect(FlexibleTimestamp(millisecondsSince1970: 1) < FlexibleTimestamp(millisecondsSince1970: 2))
        #expect(throws: DecodingError.self) { try decodeBox(FlexibleTimestamp.self, "\"2022-07-01 12:28:57 Etc/GMT\"") }
    }

    @Test("FlexibleString keeps identifiers sent as strings or numbers")
    func flexibleString() throws {
        let text = try decodeBox(FlexibleString.self, "\"1000000652146125\"")
        let number = try decodeBox(FlexibleString.self, "1000000652146125")
        #expect(text.value == "1000000652146125")
        #expect(number == text)
        #expect(number.wireStyle == .number)
        #expect(try encodeBox(number) == "{\"value\":1000000652146125}")
        #expect(try encodeBox(text) == "{\"value\":\"1000000652146125\"}")
        #expect(throws: DecodingError.self) { try decodeBox(FlexibleString.self, "true") }
        #expect(throws: DecodingError.self) { try decodeBox(FlexibleString.self, "{\"a\":1}") }
    }

    @Test("Error messages quote only a short prefix of the offending value")
    func errorMessagesAreBounded() {
        let long = String(repeating: "x", count: 10_000)
        do {
            _ = try decodeBox(FlexibleInt64.self, "\"\(long)\"")
            Issue.record("decoding succeeded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.count < 200)
            #expect(context.codingPath.map(\.stringValue) == ["value"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
