import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The scans that find U+0000 (NUL) in request text before it is decoded.
@Suite struct NULDetectionTests {
    @Test(arguments: [
        (#"{"key":"a\u0000b"}"#, true),
        (#"{"key":"\u0000"}"#, true),
        (#"{"a\u0000":1}"#, true),
        (#"["x", {"deep": ["\u0000"]}]"#, true),
        (#"{"key":"\\\u0000"}"#, true),  // an escaped backslash, then NUL
        (#"{"key":"\\u0000"}"#, false),  // an escaped backslash, then the letters u0000
        (#"{"key":"\u00000"}"#, true),
        (#"{"key":"\u0001\u0100\u1000"}"#, false),
        (#"{"key":"\"\u0000"}"#, true),
        (#"{"key":"0000u\\"}"#, false),
        (#"{"n":0000}"#, false),
        (#"{"key":"plain"}"#, false),
        ("", false),
    ])
    func escapedNULInJSONStringsIsFound(_ json: String, _ found: Bool) {
        #expect(NULDetection.json(Array(json.utf8)) == found)
    }

    @Test func rawNULBytesAreFoundAnywhere() {
        #expect(NULDetection.json([0x7b, 0x7d, 0]))
        #expect(NULDetection.json(Array(#"{"key":""#.utf8) + [0] + Array(#""}"#.utf8)))
        #expect(NULDetection.percentEncoded("/a\u{0}b"))
    }

    @Test(arguments: [
        ("/v1/apps/demo/customers/alice%00", true),
        ("/v1/apps/demo/customers/%00alice", true),
        ("a=1&b=%00", true),
        ("%%00", true),
        ("/customers/alice%2500", false),  // "%25" is "%": the text is "%00", not NUL
        ("/customers/alice%0A0", false),
        ("/customers/alice%0", false),
        ("/customers/guest%3Aipad-1", false),
        ("00%", false),
    ])
    func percentEncodedNULIsFound(_ text: String, _ found: Bool) {
        #expect(NULDetection.percentEncoded(text) == found)
    }
}
