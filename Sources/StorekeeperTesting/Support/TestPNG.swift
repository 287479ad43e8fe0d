/// Real, decodable PNGs for tests of retention images: blank images of any size, opaque (1-bit
/// grey) or with transparency (grey + alpha, or a `tRNS` chunk), their pixel data a zlib stream
/// of stored blocks so no compressor is needed. A full-size 3840 × 160 image is 77 KB.
public enum TestPNG {
    public enum Transparency: Sendable {
        case none
        /// Colour type 4: an alpha channel.
        case alphaChannel
        /// A `tRNS` chunk naming the grey level 0 transparent.
        case transparentColour
    }

    /// A blank PNG of `width` × `height`.
    public static func make(width: Int, height: Int, transparency: Transparency = .none) -> [UInt8] {
        let (colourType, bitDepth, bitsPerPixel): (UInt8, UInt8, Int) = transparency == .alphaChannel ? (4, 8, 16) : (0, 1, 1)
        var header = be32(UInt32(width)) + be32(UInt32(height))
        header += [bitDepth, colourType, 0, 0, 0]
        let rowBytes = 1 + (width * bitsPerPixel + 7) / 8
        let raw = [UInt8](repeating: 0, count: rowBytes * height)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        if transparency == .transparentColour { png += chunk("tRNS", [0, 0]) }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typed + be32(crc32(typed))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let last: UInt8 = offset + length == data.count ? 1 : 0
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) in
        (0..<8).reduce(n) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    private static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
