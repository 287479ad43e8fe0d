import CompressNIO
import NIOCore

/// gzip for report files (the App Store Connect API serves reports as gzip).
public enum ReportCompression {
    /// The most bytes a report may inflate to (a year of daily rows is far below this).
    public static let maximumInflatedSize = 512 * 1024 * 1024

    /// Whether `bytes` start with the gzip magic number.
    public static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// Inflates a gzip stream; a corrupt, truncated or oversized stream is refused.
    public static func gunzip(_ bytes: [UInt8]) throws(ReportFormatError) -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        do {
            var output = try input.decompress(with: .gzip(), maxSize: maximumInflatedSize)
            guard input.readableBytes == 0 else {
                throw ReportFormatError(.corruptCompression, reason: "bytes follow the end of the gzip stream")
            }
            // zlib stops without complaint at the end of a truncated stream; the trailer's ISIZE
            // (the inflated length modulo 2^32, little-endian) tells a whole stream from a cut one.
            let inflated = output.readBytes(length: output.readableBytes) ?? []
            guard bytes.count >= 18, trailerSize(bytes) == UInt32(truncatingIfNeeded: inflated.count) else {
                throw ReportFormatError(.corruptCompression, reason: "the gzip stream is truncated")
            }
            return inflated
        } catch let error as ReportFormatError {
            throw error
        } catch {
            throw ReportFormatError(.corruptCompression, reason: "the gzip stream is corrupt or truncated (\(error))")
        }
    }

    /// The ISIZE field of a gzip member's trailer: its last four bytes, little-endian.
    private static func trailerSize(_ bytes: [UInt8]) -> UInt32 {
        bytes.suffix(4).reversed().reduce(0) { ($0 << 8) | UInt32($1) }
    }

    /// Compresses `bytes` as one gzip stream.
    public static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        let compressor = CompressionAlgorithm.gzip().compressor
        do {
            try compressor.startStream()
            var output = ByteBuffer()
            output.reserveCapacity(compressor.maxSize(from: input))
            try compressor.streamDeflate(from: &input, to: &output, flush: .finish)
            try compressor.finishStream()
            return output.readBytes(length: output.readableBytes) ?? []
        } catch {
            // zlib's deflate on an in-memory buffer fails only on allocation failure.
            preconditionFailure("gzip compression failed: \(error)")
        }
    }
}
