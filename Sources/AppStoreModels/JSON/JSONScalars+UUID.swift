import Foundation

extension JSONScalars {
    /// A UUID in its canonical 8-4-4-4-12 hexadecimal spelling (either case), as
    /// `UUID(uuidString:)` accepts it, parsed without building a `String` first.
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UUID? {
        guard end - start == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { raw -> Bool in
            var index = start
            var written = 0
            while index < end {
                switch index - start {
                case 8, 13, 18, 23:
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                default:
                    guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
                    raw[written] = high << 4 | low
                    written += 1
                    index += 2
                }
            }
            return written == 16
        }
        return parsed ? UUID(uuid: value) : nil
    }
}
