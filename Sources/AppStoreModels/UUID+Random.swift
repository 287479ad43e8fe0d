public import Foundation
import Synchronization

extension UUID {
    /// A random (version 4) UUID, for every id Storekeeper makes. Foundation's `UUID()` opens,
    /// reads and closes `/dev/urandom` for each id on Linux, and one notification makes several
    /// ids (audit events, feed events, outbox messages): those system calls cost more than the
    /// rest of making its records. These ids take their bytes from the same kernel source, read
    /// a page at a time.
    public static func random() -> UUID {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { RandomBytes.shared.fill($0) }
        uuid.6 = (uuid.6 & 0x0F) | 0x40  // version 4
        uuid.8 = (uuid.8 & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: uuid)
    }
}

/// The kernel's random bytes, read from `/dev/urandom` a page at a time and handed out in order;
/// falls back to the standard library's generator if the device cannot be read.
private final class RandomBytes: Sendable {
    static let shared = RandomBytes()

    private struct Pool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        var offset = 4096
        var descriptor: Int32 = -1

        mutating func refill() {
            if descriptor < 0 { descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
            var filled = 0
            if descriptor >= 0 {
                filled = bytes.withUnsafeMutableBytes { buffer -> Int in
                    var total = 0
                    while total < buffer.count {
                        let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                        if count > 0 {
                            total += count
                        } else if count < 0, errno == EINTR {
                            continue
                        } else {
                            break
                        }
                    }
                    return total
                }
            }
            if filled < bytes.count {
                var generator = SystemRandomNumberGenerator()
                for index in stride(from: 0, to: bytes.count, by: 8) {
                    withUnsafeBytes(of: generator.next()) { word in
                        for offset in 0..<8 { bytes[index + offset] = word[offset] }
                    }
                }
            }
            offset = 0
        }
    }

    private let pool = Mutex(Pool())

    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        pool.withLock { pool in
            precondition(buffer.count <= pool.bytes.count, "at most a page of random bytes at once")
            if pool.offset + buffer.count > pool.bytes.count { pool.refill() }
            pool.bytes.withUnsafeBytes { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[pool.offset..<(pool.offset + buffer.count)]))
            }
            pool.offset += buffer.count
        }
    }
}
