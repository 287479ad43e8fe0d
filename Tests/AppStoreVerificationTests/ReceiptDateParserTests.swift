import AppStoreModels
import AppStoreVerification
import Testing

/// Receipt dates are RFC 3339 IA5Strings; they must decode exactly (checked through the payload
/// codec, since the parser itself is internal).
@Suite("Receipt dates")
struct ReceiptDateParserTests {
    /// A payload holding only attribute 12 with `text` as an IA5String.
    static func payload(_ text: String) -> [UInt8] {
        let string: [UInt8] = [0x16, UInt8(text.utf8.count)] + Array(text.utf8)
        let octets: [UInt8] = [0x04, UInt8(string.count)] + string
        let body: [UInt8] = [0x02, 0x01, 0x0C, 0x02, 0x01, 0x01] + octets
        let sequence: [UInt8] = [0x30, UInt8(body.count)] + body
        return [0x31, UInt8(sequence.count)] + sequence
    }

    @Test(
        "valid dates",
        arguments: [
            ("2022-07-01T12:28:57Z", 1_656_678_537_000 as Int64),
            ("2013-08-01T07:00:00Z", 1_375_340_400_000),
            ("1970-01-01T00:00:00Z", 0),
            ("2020-02-29T23:59:59.5Z", 1_583_020_799_500),
            ("2020-11-30T04:02:18.123456Z", 1_606_708_938_123),
            ("2022-07-01T05:28:57-07:00", 1_656_678_537_000),
            ("2022-07-01T14:28:57+02:00", 1_656_678_537_000),
            ("1969-12-31T23:59:59Z", -1000),
        ]
    )
    func valid(text: String, milliseconds: Int64) throws {
        let receipt = try AppReceiptPayload.decode(Self.payload(text))
        #expect(receipt.receiptCreationDate == Timestamp(millisecondsSince1970: milliseconds))
    }

    @Test(
        "invalid dates",
        arguments: [
            "2022-07-01 12:28:57Z", "2022-07-01T12:28:57", "2022-13-01T00:00:00Z", "2021-02-29T00:00:00Z",
            "2022-07-01T24:00:00Z", "2022-07-01T12:28:57.Z", "2022-07-01T12:28:57Zx", "22-07-01T12:28:57Z",
            "2022-07-01T12:28:57+0200", "1656678537000",
        ]
    )
    func invalid(text: String) {
        let error = verificationError { _ = try AppReceiptPayload.decode(Self.payload(text)) }
        #expect(error?.code == .malformed)
    }

    @Test("formatting round-trips", arguments: [0 as Int64, 1_656_678_537_000, 1_656_678_537_123, -1, 253_402_300_799_000])
    func formatting(milliseconds: Int64) throws {
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        let text = AppReceiptPayload.formatDate(timestamp)
        #expect(try AppReceiptPayload.decode(Self.payload(text)).receiptCreationDate == timestamp)
    }

    @Test("Apple's format: whole seconds without a fraction")
    func appleFormat() {
        #expect(AppReceiptPayload.formatDate(Timestamp(millisecondsSince1970: 1_656_678_537_000)) == "2022-07-01T12:28:57Z")
        #expect(AppReceiptPayload.formatDate(Timestamp(millisecondsSince1970: 1_656_678_537_010)) == "2022-07-01T12:28:57.010Z")
    }
}
