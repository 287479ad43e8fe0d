import Foundation

/// Storekeeper's signature over one answer to an app: what the `Storekeeper-Signature` response
/// header carries, and the exact bytes it signs.
///
/// An app sends a fresh random nonce in `Storekeeper-Nonce`; Storekeeper signs the answer with the
/// app's current answer-signing key (ECDSA P-256 with SHA-256) over the nonce, the request it
/// answers, the status, the signing time and a digest of the body. A proxy that alters the body,
/// replays an older answer (another nonce), moves an answer to another request, or strips the
/// header is caught by the app. The scheme is spelled out here, without cryptography, so that the
/// server, the app package and a backend in any language compose the same message:
///
///     storekeeper-answer-v1
///     <app id>
///     <nonce, as sent>
///     <HTTP method, upper case>
///     <request target: path, plus "?" and the query when there is one, as sent>
///     <status code, decimal>
///     <signing time, Unix seconds, decimal>
///     <SHA-256 of the body bytes, lower-case hex>
///
/// Lines are joined by a single `\n` (no trailing newline) and encoded as UTF-8. The header value is
/// `v1; kid=<key id>; t=<signing time>; sig=<signature>`, where the signature is the raw 64-byte
/// `r || s` form in unpadded base64url, and the key id is the lower-case hex of the first 8 bytes of
/// the SHA-256 of the public key's X9.63 (uncompressed point) representation.
public struct AnswerSignature: Sendable, Hashable {
    /// The request header an app puts its nonce in.
    public static let nonceHeader = "Storekeeper-Nonce"
    /// The response header carrying the signature.
    public static let signatureHeader = "Storekeeper-Signature"
    /// The scheme's version, the first field of the header and part of the first signed line.
    public static let version = "v1"

    public var keyId: String
    /// When the answer was signed, in Unix seconds.
    public var signedAt: Int64
    /// The raw `r || s` signature, 64 bytes for P-256.
    public var signature: [UInt8]

    public init(keyId: String, signedAt: Int64, signature: [UInt8]) {
        self.keyId = keyId
        self.signedAt = signedAt
        self.signature = signature
    }

    /// The header's value.
    public var headerValue: String {
        "\(Self.version); kid=\(keyId); t=\(signedAt); sig=\(Base64URL.encode(signature))"
    }

    /// Reads a header value; `nil` when it is not a well-formed `v1` signature (an unknown version
    /// included: a client verifies only what it understands).
    public init?(headerValue: String) {
        var fields = headerValue.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.first == Self.version else { return nil }
        fields.removeFirst()
        var values: [String: String] = [:]
        for field in fields {
            guard let equals = field.firstIndex(of: "=") else { return nil }
            let name = String(field[..<equals])
            guard values[name] == nil else { return nil }
            values[name] = String(field[field.index(after: equals)...])
        }
        guard let keyId = values["kid"], Self.isKeyId(keyId),
            let time = values["t"], let signedAt = Int64(time), signedAt >= 0,
            let encoded = values["sig"], let signature = Base64URL.decode(encoded), signature.count == 64
        else { return nil }
        self.init(keyId: keyId, signedAt: signedAt, signature: signature)
    }

    /// The bytes the signature covers (see the type's documentation).
    public static func message(
        app: String, nonce: String, method: String, target: String, status: Int, signedAt: Int64, bodySHA256: [UInt8]
    ) -> [UInt8] {
        let lines = [
            "storekeeper-answer-\(version)", app, nonce, method.uppercased(), target, String(status), String(signedAt),
            hex(bodySHA256[...]),
        ]
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The key id of a public key, from the SHA-256 of its X9.63 representation.
    public static func keyId(publicKeySHA256: [UInt8]) -> String {
        hex(publicKeySHA256.prefix(8))
    }

    /// Whether `nonce` is one an app may send: 22 to 86 base64url characters (16 to 64 random
    /// bytes), so that it can be neither guessed nor used to smuggle a line into the message.
    public static func isWellFormedNonce(_ nonce: String) -> Bool {
        (22...86).contains(nonce.utf8.count) && nonce.utf8.allSatisfy(Base64URL.isAlphabet)
    }

    private static func isKeyId(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    // Concrete byte types rather than a generic sequence: these run on every signed answer and
    // are called from other modules, where a generic would run unspecialised.
    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Unpadded base64url (RFC 4648 §5), as nonces and signatures are written in headers.
///
/// Written over bytes rather than through Foundation's base64 and string replacement: the server
/// encodes one signature per signed answer, and the string replacements cost more than the
/// signature itself.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode(_ input: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
            output.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        switch input.count - index {
        case 1:
            let chunk = UInt32(input[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
        case 2:
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `nil` unless `text` is unpadded base64url whose unused trailing bits are zero.
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in input {
            guard let value = sextet(byte) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        // Leftover bits must be zero: otherwise two texts would decode to the same bytes.
        guard buffer == 0 else { return nil }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
