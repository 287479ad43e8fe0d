import Foundation

extension String {
    /// Whether this text's UTF-8 bytes sort before `other`'s: the order canonical JSON writes
    /// object keys in. One `memcmp` over the bytes in place, where comparing the UTF-8 views
    /// element by element went through a generic iterator for every byte.
    public func precedesInByteOrder(_ other: String) -> Bool {
        var left = self
        var right = other
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                let common = Swift.min(leftBytes.count, rightBytes.count)
                if common > 0, let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress {
                    let order = memcmp(leftStart, rightStart, common)
                    if order != 0 { return order < 0 }
                }
                return leftBytes.count < rightBytes.count
            }
        }
    }
}
