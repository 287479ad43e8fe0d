import AppStoreVerification
import StorekeeperApplication
import Testing

/// How the webhook tells a V2 body from a V1 body before anything is verified, reading a V2
/// body once.
@Suite struct NotificationBodyKindTests {
    private func kind(_ json: String) -> NotificationService.BodyKind? {
        NotificationService.kind(of: Array(json.utf8))
    }

    @Test func aV2BodyHandsOverItsSignedPayload() {
        #expect(kind(#"{"signedPayload":"a.b.c"}"#) == .v2(signedPayload: "a.b.c"))
        // Members beside it are read past, as the verifier's envelope does.
        #expect(kind(#"{"signedPayload":"a.b.c","extra":{"x":[1]}}"#) == .v2(signedPayload: "a.b.c"))
        // Both names: the signed one wins, as it always has.
        #expect(kind(#"{"notification_type":"DID_RENEW","signedPayload":"a.b.c"}"#) == .v2(signedPayload: "a.b.c"))
    }

    @Test func aV1BodyIsNamedEvenWhenDeeperThanAV2Envelope() {
        #expect(kind(#"{"notification_type":"DID_RENEW"}"#) == .v1)
        let v1 = #"{"notification_type":"DID_RENEW","unified_receipt":{"latest_receipt_info":[{"a":{"b":{"c":1}}}]}}"#
        #expect(kind(v1) == .v1)
    }

    @Test func aSignedPayloadNestedTooDeepGoesToTheVerifierToBeRefused() throws {
        let body = #"{"signedPayload":"a.b.c","extra":{"x":{"y":{"z":[1]}}}}"#
        #expect(kind(body) == .malformedV2)
        #expect(throws: VerificationError.self) {
            try SignedDataVerifier.signedPayload(fromBody: Array(body.utf8))
        }
    }

    @Test(arguments: [
        #"{"signedPayload":5}"#,
        #"{"signedPayload":"a.b.c","notification_type":5}"#,
        #"{"signedPayload":"a","signedPayload":"b"}"#,
        #"{"other":"x"}"#,
        #"["signedPayload"]"#,
        #"{"signedPayload":"a.b.c""#,
        "",
    ])
    func aBodyOfNeitherKindIsNamedNeither(_ json: String) {
        #expect(kind(json) == nil)
    }

    @Test func utf8IsCheckedInPlace() {
        #expect(NotificationService.isUTF8(Array(#"{"signedPayload":"héllo"}"#.utf8)))
        #expect(NotificationService.isUTF8([]))
        #expect(!NotificationService.isUTF8([0x7B, 0xFF, 0x7D]))
        #expect(!NotificationService.isUTF8([0x7B, 0xC3]))  // a sequence cut short
        #expect(!NotificationService.isUTF8([0xED, 0xA0, 0x80]))  // a surrogate
    }
}
