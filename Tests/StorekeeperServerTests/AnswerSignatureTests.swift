import StorekeeperAPIModels
import Testing

/// The signed-answer scheme's text forms: what a backend in another language has to reproduce
/// byte for byte.
@Suite struct AnswerSignatureTests {
    @Test func messageLinesAreFixed() {
        let message = AnswerSignature.message(
            app: "demo", nonce: "AAECAwQFBgcICQoLDA0ODw", method: "post", target: "/v1/apps/demo/purchases?x=1",
            status: 200, signedAt: 1_790_000_000, bodySHA256: [0x00, 0x0f, 0xa0, 0xff]
        )
        let expected = """
            storekeeper-answer-v1
            demo
            AAECAwQFBgcICQoLDA0ODw
            POST
            /v1/apps/demo/purchases?x=1
            200
            1790000000
            000fa0ff
            """
        #expect(String(decoding: message, as: UTF8.self) == expected)
    }

    @Test func headerRoundTrips() throws {
        let signature = AnswerSignature(keyId: "0123456789abcdef", signedAt: 1_790_000_000, signature: Array(0..<64))
        let value = signature.headerValue
        #expect(value.hasPrefix("v1; kid=0123456789abcdef; t=1790000000; sig="))
        #expect(AnswerSignature(headerValue: value) == signature)
        #expect(AnswerSignature(headerValue: value.replacingOccurrences(of: "; ", with: ";")) == signature)
    }

    @Test(arguments: [
        "", "v2; kid=0123456789abcdef; t=1; sig=AA", "v1; kid=0123456789ABCDEF; t=1; sig=\(String(repeating: "A", count: 86))",
        "v1; kid=0123; t=1; sig=\(String(repeating: "A", count: 86))",
        "v1; kid=0123456789abcdef; t=-1; sig=\(String(repeating: "A", count: 86))",
        "v1; kid=0123456789abcdef; t=1; sig=AAAA", "v1; kid=0123456789abcdef; t=1",
        "v1; kid=0123456789abcdef; kid=0123456789abcdef; t=1; sig=\(String(repeating: "A", count: 86))",
        "v1; kid=0123456789abcdef; t=1; sig=\(String(repeating: "+", count: 86))",
    ])
    func malformedHeadersAreRefused(_ value: String) {
        #expect(AnswerSignature(headerValue: value) == nil)
    }

    @Test func nonceMustBeLongBase64URL() {
        #expect(AnswerSignature.isWellFormedNonce(Base64URL.encode([UInt8](repeating: 7, count: 16))))
        #expect(AnswerSignature.isWellFormedNonce(Base64URL.encode([UInt8](repeating: 7, count: 64))))
        #expect(!AnswerSignature.isWellFormedNonce(Base64URL.encode([UInt8](repeating: 7, count: 15))))
        #expect(!AnswerSignature.isWellFormedNonce(String(repeating: "a", count: 87)))
        #expect(!AnswerSignature.isWellFormedNonce("abcdefghijklmnopqrstu\nv"))
        #expect(!AnswerSignature.isWellFormedNonce("abcdefghijklmnopqrstu=="))
    }

    @Test func base64URLMatchesRFC4648() {
        #expect(Base64URL.encode(Array("foob".utf8)) == "Zm9vYg")
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xfb, 0xff])
        #expect(Base64URL.decode("Zm9vYg") == Array("foob".utf8))
        #expect(Base64URL.decode("Zm9vY") == nil)
        #expect(Base64URL.decode("Zm9vYg==") == nil)
    }

    @Test func base64URLRoundTripsEveryLengthAndRefusesNonCanonicalText() {
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
            #expect(Base64URL.decode(encoded) == Array(plain.utf8))
        }
        for count in 0..<70 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.decode("Zh") == nil, "unused bits set: not what any bytes encode to")
        #expect(Base64URL.decode("Zm9=") == nil)
    }

    @Test func keyIdIsTheDigestPrefixInHex() {
        #expect(AnswerSignature.keyId(publicKeySHA256: Array(0..<32)) == "0001020304050607")
    }
}
