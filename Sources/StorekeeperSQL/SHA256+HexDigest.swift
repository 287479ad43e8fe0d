import Crypto

extension SHA256 {
    /// The lowercase hexadecimal SHA-256 of the UTF-8 bytes of `text`: the form migration
    /// checksums are recorded in.
    static func hexDigest(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(SHA256.byteCount * 2)
        for byte in hash(data: Array(text.utf8)) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
