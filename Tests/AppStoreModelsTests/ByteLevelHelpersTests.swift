import AppStoreModels
import Foundation
import Testing

/// The hand-written byte paths that replaced Foundation's and the standard library's generic
/// ones on hot paths: each must give exactly what the path it replaced gives.
@Suite struct ByteLevelHelpersTests {
    @Test func uuidSpellingsAreFoundations() {
        for _ in 0..<2_000 {
            let uuid = UUID()
            #expect(uuid.uppercasedString == uuid.uuidString)
            #expect(uuid.lowercasedString == uuid.uuidString.lowercased())
        }
        let fixed = UUID(uuidString: "00FF10A0-9B8C-4D3E-8F7A-0123456789AB")!
        #expect(fixed.lowercasedString == "00ff10a0-9b8c-4d3e-8f7a-0123456789ab")
    }

    @Test func randomUUIDsAreVersionFourAndDistinct() {
        var seen = Set<UUID>()
        for _ in 0..<10_000 {
            let uuid = UUID.random()
            #expect(uuid.uuid.6 >> 4 == 4, "version nibble")
            #expect(uuid.uuid.8 & 0xC0 == 0x80, "RFC 4122 variant")
            seen.insert(uuid)
        }
        #expect(seen.count == 10_000)
        // The bytes are spread: each of the 122 random bits is set in about half the ids.
        var ones = [Int](repeating: 0, count: 128)
        for uuid in seen {
            withUnsafeBytes(of: uuid.uuid) { bytes in
                for bit in 0..<128 where bytes[bit / 8] >> (bit % 8) & 1 == 1 { ones[bit] += 1 }
            }
        }
        let fixedBits: Set<Int> = [52, 53, 54, 55, 70, 71]
        for bit in 0..<128 where !fixedBits.contains(bit) {
            #expect((4_500...5_500).contains(ones[bit]), "bit \(bit) set in \(ones[bit]) of 10,000")
        }
    }

    @Test func byteOrderIsTheUTF8ViewsOrder() {
        let texts = [
            "", "a", "b", "ab", "abc", "abd", "B", "Z", "_", "é", "e\u{301}", "日本", "😀", "a\u{0}", "a\u{0}b",
            String(repeating: "x", count: 40),
        ]
        for left in texts {
            for right in texts {
                #expect(left.precedesInByteOrder(right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) < \(right)")
            }
        }
    }

    /// The tape parser skips eight bytes at a time inside strings: a quote, backslash or control
    /// character at every position relative to those eight-byte steps is still seen.
    @Test func stringScanningSeesEveryStopAtEveryOffset() throws {
        for length in 0..<40 {
            for position in 0...length {
                let plain = String(repeating: "a", count: length)
                for (insert, expected) in [("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u00e9", "é"), ("é", "é")] {
                    var text = plain
                    text.insert(contentsOf: insert, at: text.index(text.startIndex, offsetBy: position))
                    var want = plain
                    want.insert(contentsOf: expected, at: want.index(want.startIndex, offsetBy: position))
                    let decoded = try JSONCoding.decodeStrict([String].self, from: Array("[\"\(text)\",\"z\"]".utf8), maxDepth: 4)
                    #expect(decoded == [want, "z"])
                }
                var raw = Array("[\"\(plain)\"]".utf8)
                raw.insert(0x1F, at: 2 + position)
                #expect(throws: (any Error).self) { try JSONCoding.decodeStrict([String].self, from: raw, maxDepth: 4) }
                var unterminated = Array("[\"\(plain)".utf8)
                unterminated.insert(UInt8(ascii: "x"), at: 2 + position)
                #expect(throws: (any Error).self) { try JSONCoding.decodeStrict([String].self, from: unterminated, maxDepth: 4) }
            }
        }
    }
}
