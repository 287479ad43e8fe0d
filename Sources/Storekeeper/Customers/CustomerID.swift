/// An app account or a guest device, as the app's backend names it.
///
/// 1–128 characters of letters, digits and `._:@-`, except `.` and `..`: clients and proxies
/// normalise those away as path segments (`/customers/..` becomes `/`), so such a customer could
/// never be reached. Guests are `guest:<device id>`; a guest's purchases move to an account when
/// the device logs in (alias merge).
public struct CustomerID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Every customer id Storekeeper accepts (request paths and bodies, customer tokens, aliases)
    /// passes here.
    public init?(rawValue: String) {
        guard Self.isWellFormed(rawValue), rawValue != ".", rawValue != ".." else { return nil }
        self.rawValue = rawValue
    }

    /// A customer id read back from storage. Ids `.` and `..` were accepted before they were
    /// refused, so rows naming them may exist: they stay readable (a batch holding one must not
    /// fail), though no request can name them any more.
    public init?(stored rawValue: String) {
        guard Self.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private static func isWellFormed(_ rawValue: String) -> Bool {
        (1...128).contains(rawValue.utf8.count) && rawValue.utf8.allSatisfy({ allowed($0) })
    }

    private static func allowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"),
            UInt8(ascii: "@"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// The guest customer of a device.
    public static func guest(deviceId: String) -> CustomerID? { CustomerID(rawValue: "guest:" + deviceId) }

    public var isGuest: Bool { rawValue.hasPrefix("guest:") }
    public var description: String { rawValue }
    public static func < (lhs: CustomerID, rhs: CustomerID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CustomerID(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "invalid customer id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
