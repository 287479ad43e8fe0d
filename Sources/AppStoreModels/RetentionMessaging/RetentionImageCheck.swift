/// What Apple checks of an image before accepting it for retention messages (Upload Image): a
/// PNG, without transparency, of the dimensions its `imageSize` requires. Only the PNG's header
/// chunks are read — the signature, `IHDR` (dimensions and colour type) and any `tRNS` before the
/// image data — so a 16 MB upload is judged by its first bytes, without decoding the pixels.
public enum RetentionImageCheck {
    /// Why an image would be refused.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// Not a PNG: no PNG signature, or no `IHDR` chunk where the format puts it.
        case notPNG
        /// The colour type carries alpha (grey + alpha, RGBA) or a `tRNS` chunk makes a colour
        /// transparent.
        case transparent
        /// The dimensions are not those of the size.
        case dimensions(width: Int, height: Int, size: RetentionImageSize)

        public var description: String {
            switch self {
            case .notPNG: "the image is not a PNG"
            case .transparent: "the PNG has transparency (an alpha channel or a tRNS chunk); Apple accepts opaque images only"
            case .dimensions(let width, let height, let size):
                "the PNG is \(width) × \(height) pixels; a \(size.rawValue) image is \(size.requirement)"
            }
        }
    }

    /// The PNG's dimensions and whether it is opaque, read from its header chunks.
    public struct Header: Hashable, Sendable {
        public let width: Int
        public let height: Int
        public let opaque: Bool
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The first problem Apple would refuse `png` for at `size`, or `nil` when it would take it.
    public static func problem(_ png: [UInt8], size: RetentionImageSize) -> Problem? {
        guard let header = header(png) else { return .notPNG }
        guard header.opaque else { return .transparent }
        guard size.admits(width: header.width, height: header.height) else {
            return .dimensions(width: header.width, height: header.height, size: size)
        }
        return nil
    }

    /// Reads the header chunks: `IHDR` must come first (13 bytes); chunks are walked up to the
    /// first `IDAT` (or the end of the bytes), looking for `tRNS`. Chunk CRCs are not checked:
    /// the question is what the image is, not whether it survived transport.
    public static func header(_ png: [UInt8]) -> Header? {
        guard png.count >= signature.count + 8 + 13, Array(png[0..<signature.count]) == signature else { return nil }
        var offset = signature.count
        guard let first = chunk(png, at: offset), first.type == "IHDR", first.length == 13 else { return nil }
        let data = first.dataStart
        let width = Int(uint32(png, data))
        let height = Int(uint32(png, data + 4))
        let colourType = png[data + 9]
        guard width > 0, height > 0 else { return nil }
        // Colour types 4 (grey + alpha) and 6 (RGBA) carry an alpha channel.
        var opaque = colourType != 4 && colourType != 6
        offset = first.next
        while opaque, let next = chunk(png, at: offset), next.type != "IDAT" {
            if next.type == "tRNS" { opaque = false }
            offset = next.next
        }
        return Header(width: width, height: height, opaque: opaque)
    }

    private struct Chunk {
        let length: Int
        let type: String
        let dataStart: Int
        let next: Int
    }

    /// The chunk at `offset`, when its length, type and data fit in the bytes.
    private static func chunk(_ png: [UInt8], at offset: Int) -> Chunk? {
        guard offset + 8 <= png.count else { return nil }
        let length = Int(uint32(png, offset))
        let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        let dataStart = offset + 8
        guard length <= png.count - dataStart else { return nil }
        // 4 bytes of CRC follow the data; a chunk cut short of them still names its data.
        return Chunk(length: length, type: type, dataStart: dataStart, next: dataStart + length + 4)
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
