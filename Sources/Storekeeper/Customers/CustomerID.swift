/// An app account or a guest device, as the app's backend names it.
///
/// 1–128 characters of letters, digits and `._:@-`, except `.` and `..`: clients and proxies
/// normalise those away as path segments (`/customers/..` becomes `/`), so such a customer could
/// never be reached. Guests are `guest:<device id>`; a guest's purchases move to an account when
/// the device logs in (alias merge).
///
/// Every customer lives in a ``CustomerSpace`` (its app's, or its app group's): two apps' `alice`
/// are two customers. The space is part of the stored key (``key``) and never leaves the server:
/// JSON, webhooks, the CLI, the console and audit text show ``rawValue``, the id as the app names
/// it.
public struct CustomerID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The id as the app names it (what requests carry and answers show).
    public let rawValue: String
    /// The customer's space.
    public let space: CustomerSpace

    /// `rawValue` in `space`. Every customer id Storekeeper accepts (request paths and bodies,
    /// customer tokens, aliases) passes here, placed in the asking app's space.
    public init?(_ rawValue: String, in space: CustomerSpace) {
        guard Self.isWellFormed(rawValue), rawValue != ".", rawValue != ".." else { return nil }
        self.rawValue = rawValue
        self.space = space
    }

    /// `rawValue` in the space of customers stored before apps were isolated
    /// (``CustomerSpace/preIsolation``); a request's id is placed with ``init(_:in:)``.
    public init?(rawValue: String) {
        self.init(rawValue, in: .preIsolation)
    }

    /// A customer id read back from storage (``key``). Ids `.` and `..` were accepted before they
    /// were refused, so rows naming them may exist: they stay readable (a batch holding one must
    /// not fail), though no request can name them any more.
    public init?(stored key: String) {
        guard let (space, id) = CustomerSpace.split(stored: key), Self.isWellFormed(String(id)) else { return nil }
        self.rawValue = String(id)
        self.space = space
    }

    /// The same id in `space`: how an id decoded from a request body is placed in the asking
    /// app's space.
    public func placed(in space: CustomerSpace) -> CustomerID {
        CustomerID(unchecked: rawValue, space: space)
    }

    private init(unchecked rawValue: String, space: CustomerSpace) {
        self.rawValue = rawValue
        self.space = space
    }

    /// The stored key: the id, behind its space and a `/` unless the space is
    /// ``CustomerSpace/preIsolation`` (a `/` is in no id, so the split is unambiguous). Storage,
    /// ledger account names, idempotency keys and locks use this, never ``rawValue``.
    public var key: String { space.rawValue.isEmpty ? rawValue : space.rawValue + "/" + rawValue }

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
    public static func guest(deviceId: String, in space: CustomerSpace = .preIsolation) -> CustomerID? {
        CustomerID("guest:" + deviceId, in: space)
    }

    public var isGuest: Bool { rawValue.hasPrefix("guest:") }
    public var description: String { rawValue }
    /// Ordered as stored keys sort (by space, then id), on every backend.
    public static func < (lhs: CustomerID, rhs: CustomerID) -> Bool { lhs.key < rhs.key }

    /// Decodes the id as the app names it, in ``CustomerSpace/preIsolation``: the server places
    /// an id from a request body in its app's space (``placed(in:)``).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CustomerID(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "invalid customer id"))
        }
        self = id
    }

    /// Encodes the id as the app names it: the space never leaves the server.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
