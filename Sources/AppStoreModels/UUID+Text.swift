public import Foundation

extension UUID {
    /// The canonical 8-4-4-4-12 spelling in lowercase, as Storekeeper stores and shows ids.
    /// Written by hand: `lowercasedString` formats each byte through `snprintf` and then
    /// copies the text again, a cost every stored row with an id paid.
    public var lowercasedString: String { spelled(with: UUID.lowercaseDigits) }

    /// `uuidString`'s spelling (uppercase), written by hand for the same reason.
    public var uppercasedString: String { spelled(with: UUID.uppercaseDigits) }

    private static let lowercaseDigits: (UInt64, UInt64) = digits("0123456789abcdef")
    private static let uppercaseDigits: (UInt64, UInt64) = digits("0123456789ABCDEF")

    /// The sixteen digits packed into two words, so spelling reads no array.
    private static func digits(_ text: StaticString) -> (UInt64, UInt64) {
        text.withUTF8Buffer { digits in
            var low: UInt64 = 0
            var high: UInt64 = 0
            for index in 0..<8 {
                low |= UInt64(digits[index]) << (8 * index)
                high |= UInt64(digits[index + 8]) << (8 * index)
            }
            return (low, high)
        }
    }

    private func spelled(with digits: (UInt64, UInt64)) -> String {
        func digit(_ value: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: (value < 8 ? digits.0 : digits.1) >> (8 * UInt64(value & 7)))
        }
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var written = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    text[written] = digit(byte >> 4)
                    text[written + 1] = digit(byte & 0x0F)
                    written += 2
                }
                return written
            }
        }
    }
}
