import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// Malformed input is rejected with `malformed`, quickly, and never crashes.
@Suite("Receipt malformed input")
struct ReceiptMalformedTests {
    static func genuine() throws -> [UInt8] { try ReceiptFixtures.der("004_whitepaek_consumable_sandbox_2020") }

    static func expectMalformed(_ der: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let error = verificationError({ _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: der) }, sourceLocation: sourceLocation)
        #expect(error?.code == .malformed, "\(error?.reason ?? "")", sourceLocation: sourceLocation)
        let parseError = verificationError({ _ = try AppReceiptParser.parse(receiptDER: der) }, sourceLocation: sourceLocation)
        #expect(parseError?.code == .malformed, sourceLocation: sourceLocation)
    }

    @Test("truncated at any of several points", arguments: [0, 1, 2, 10, 100, 1000, 4000, 5056])
    func truncated(length: Int) throws {
        Self.expectMalformed(Array(try Self.genuine().prefix(length)))
    }

    @Test("trailing garbage after the ContentInfo")
    func trailingGarbage() throws {
        Self.expectMalformed(try Self.genuine() + [0x00])
        Self.expectMalformed(try Self.genuine() + [0x30, 0x00])
    }

    @Test("wrong outer type: a SET, an OCTET STRING, a ContentInfo of type data")
    func wrongOuterType() throws {
        var der = try Self.genuine()
        der[0] = 0x31
        Self.expectMalformed(der)
        Self.expectMalformed([0x04, 0x03, 0x01, 0x02, 0x03])
        // ContentInfo { id-data, [0] { OCTET STRING } }
        Self.expectMalformed([
            0x30, 0x12, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01,
            0xA0, 0x05, 0x04, 0x03, 0x01, 0x02, 0x03,
        ])
        var wrongOID = try Self.genuine()
        wrongOID[14] = 0x01  // pkcs7-signedData → pkcs7-data
        Self.expectMalformed(wrongOID)
    }

    @Test("a length that runs past the end")
    func overlongLength() throws {
        var der = try Self.genuine()
        der[3] = 0xFF
        Self.expectMalformed(der)
    }

    @Test("deeply nested BER is refused quickly")
    func deepNesting() throws {
        var nested: [UInt8] = []
        for _ in 0..<100_000 { nested += [0x30, 0x80] }
        let clock = ContinuousClock()
        let elapsed = clock.measure { Self.expectMalformed(nested) }
        #expect(elapsed < .seconds(1))
        let error = verificationError { _ = try AppReceiptParser.parse(receiptDER: nested) }
        #expect(error?.reason.contains("depth") == true)
    }

    @Test("a receipt over the size cap is refused before parsing")
    func overCap() throws {
        let limits = ReceiptSizeLimits.default
        let base64 = String(repeating: "A", count: limits.maximumBase64Length + 4)
        let clock = ContinuousClock()
        var error: VerificationError?
        let elapsed = clock.measure {
            error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(base64Receipt: base64) }
        }
        #expect(error?.code == .malformed)
        #expect(error?.reason.contains("allowed") == true)
        #expect(elapsed < .milliseconds(100))
        let der = [UInt8](repeating: 0x30, count: limits.maximumDERLength + 1)
        #expect(verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: der) }?.code == .malformed)
    }

    @Test("base64 that is not base64, or empty")
    func badBase64() throws {
        for text in ["", "   ", "not base64!", "QUJD=", "@@@@"] {
            let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(base64Receipt: text) }
            #expect(error?.code == .malformed, "\(text)")
        }
    }

    @Test("base64 split over lines is accepted")
    func base64WithLineBreaks() throws {
        let base64 = try ReceiptFixtures.base64("004_whitepaek_consumable_sandbox_2020")
        var wrapped = ""
        for (index, character) in base64.enumerated() {
            if index > 0, index % 76 == 0 { wrapped += "\r\n" }
            wrapped.append(character)
        }
        _ = try ReceiptFixtures.appleVerifier.verify(base64Receipt: wrapped)
    }

    @Test("payload shape errors name the attribute")
    func payloadErrors() throws {
        // A SET holding one attribute whose type is a string.
        let badType: [UInt8] = [0x31, 0x0A, 0x30, 0x08, 0x0C, 0x01, 0x41, 0x02, 0x01, 0x01, 0x04, 0x00]
        #expect(verificationError { _ = try AppReceiptPayload.decode(badType) }?.code == .malformed)
        // Attribute 2 (bundle id) holding an INTEGER.
        let intBundle: [UInt8] = [0x31, 0x0C, 0x30, 0x0A, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01, 0x04, 0x02, 0x02, 0x00]
        let error = verificationError { _ = try AppReceiptPayload.decode(intBundle) }
        #expect(error?.code == .malformed)
        #expect(error?.reason.contains("attribute 2") == true)
        // Attribute 12 (creation date) that is not a date.
        let badDate: [UInt8] = [0x31, 0x0F, 0x30, 0x0D, 0x02, 0x01, 0x0C, 0x02, 0x01, 0x01, 0x04, 0x05, 0x16, 0x03, 0x61, 0x62, 0x63]
        #expect(verificationError { _ = try AppReceiptPayload.decode(badDate) }?.reason.contains("RFC 3339") == true)
        // The same known attribute twice.
        let twice: [UInt8] =
            [0x31, 0x18] + [0x30, 0x0A, 0x02, 0x01, 0x03, 0x02, 0x01, 0x01, 0x04, 0x02, 0x0C, 0x00]
            + [0x30, 0x0A, 0x02, 0x01, 0x03, 0x02, 0x01, 0x01, 0x04, 0x02, 0x0C, 0x00]
        #expect(verificationError { _ = try AppReceiptPayload.decode(twice) }?.reason.contains("more than once") == true)
    }

    @Test("an empty IA5String date decodes as absent, as Apple writes for consumables")
    func emptyDate() throws {
        let receipt = try AppReceiptParser.parse(receiptDER: Self.genuine())
        #expect(receipt.inApp.first?.expiresDate == nil)
        #expect(receipt.inApp.first?.cancellationDate == nil)
    }
}
