import AppStoreModels
import Foundation
import Testing

/// The response encoder must write byte for byte what Foundation's `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]`, so swapping one for the other changes no answer.
@Suite struct FastJSONEncoderTests {
    struct Everything: Codable {
        var text = "plain"
        var escapes = "quote\" backslash\\ slash/ newline\n tab\t cr\r bell\u{07} nul\u{00} ff\u{0C} bs\u{08} unit\u{1F}"
        var unicode = "é 😀 日本"
        var int = Int.min
        var int8: Int8 = -8
        var int16: Int16 = 16
        var int32: Int32 = -32
        var int64 = Int64.max
        var uint = UInt.max
        var uint8: UInt8 = 8
        var uint16: UInt16 = 16
        var uint32: UInt32 = 32
        var uint64 = UInt64.max
        var doubles: [Double] = [0, -0.0, 1, 0.1, 1.5, -2.25, 1e20, 1e-7, 123_456_789.125, .greatestFiniteMagnitude]
        var floats: [Float] = [0.5, 3, 1e-3]
        var flags = [true, false]
        var missing: String?
        var optionals: [Int?] = [1, nil, 3]
        var balances: [String: Int64] = ["zeta": 1, "alpha": -2, "Beta": 3, "é": 4, "a/b": 5, "10": 6, "9": 7]
        var nested: [String: [String: [Int]]] = ["b": ["y": [1], "x": []], "a": [:]]
        var date = Date(timeIntervalSince1970: 1_704_252_811.5)
        var data = Data([0, 1, 2, 250, 251, 252])
        var url = URL(string: "https://example.com/a/b?c=d")!
        var uuid = UUID(uuidString: "A1B2C3D4-E5F6-4789-ABCD-EF0123456789")!
        var timestamp = Timestamp(millisecondsSince1970: 1_704_252_811_000)
        var environment = AppStoreEnvironment.sandbox
        var productType = ProductType.autoRenewableSubscription
        var empty: [String] = []
        var emptyObject: [String: String] = [:]
        var decimal = Decimal(string: "12.5")!
    }

    class Base: Encodable, @unchecked Sendable {
        var inherited = 1
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(inherited, forKey: .inherited)
        }
        enum CodingKeys: String, CodingKey { case inherited }
    }

    final class Derived: Base, @unchecked Sendable {
        var own = "x"
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(own, forKey: .own)
            try super.encode(to: container.superEncoder())
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode("deep", forKey: .own)
            try list.encodeNil()
        }
        enum Keys: String, CodingKey { case own, list }
    }

    static func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func fast(_ value: some Encodable) throws -> String {
        String(decoding: try FastJSONEncoder().encode(value), as: UTF8.self)
    }

    @Test func writesWhatFoundationWrites() throws {
        #expect(try Self.fast(Everything()) == Self.foundation(Everything()))
        #expect(try Self.fast(Everything()).contains(#"bell\u0007 nul\u0000"#))
        #expect(try Self.fast(Derived()) == Self.foundation(Derived()))
        #expect(try Self.fast([Everything(), Everything()]) == Self.foundation([Everything(), Everything()]))
        #expect(try Self.fast("top-level string") == Self.foundation("top-level string"))
        #expect(try Self.fast(42) == Self.foundation(42))
        #expect(try Self.fast(Optional<Int>.none) == Self.foundation(Optional<Int>.none))
    }

    /// A map of strings (an audit event's details) writes itself (`JSONWritable`).
    @Test func writesStringMapsAsFoundationDoes() throws {
        let details = [
            "zeta": "last", "alpha": "quote\" backslash\\ slash/ newline\n nul\u{00} unit\u{1F}", "Beta": "é 😀 日本",
            "é": "", "a/b": "x", "10": "ten", "9": "nine", "": "empty key",
        ]
        #expect(try Self.fast(details) == Self.foundation(details))
        #expect(try Self.fast([String: String]()) == Self.foundation([String: String]()))
        #expect(try Self.fast(["only": "one"]) == #"{"only":"one"}"#)
        #expect((details as Any) is any JSONWritable)
    }

    @Test func writesSignedPayloadsAsFoundationDoes() throws {
        let transaction = JWSTransactionDecodedPayload(
            transactionId: "2000000000000001", originalTransactionId: "2000000000000001", bundleId: "com.example",
            productId: "com.example.monthly", purchaseDate: Timestamp(millisecondsSince1970: 1), quantity: 1,
            type: .autoRenewableSubscription, appAccountToken: UUID(), signedDate: Timestamp(millisecondsSince1970: 2),
            isUpgraded: false, environment: .production, price: 9990, currency: "USD")
        #expect(try Self.fast(transaction) == Self.foundation(transaction))
        let decoded = try FastJSONDecoder().decode(JWSTransactionDecodedPayload.self, from: FastJSONEncoder().encode(transaction))
        #expect(decoded == transaction)
    }

    @Test func refusesNonFiniteNumbersLikeFoundation() {
        #expect(throws: EncodingError.self) { try FastJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try FastJSONEncoder().encode(["x": Float.infinity]) }
    }
}
