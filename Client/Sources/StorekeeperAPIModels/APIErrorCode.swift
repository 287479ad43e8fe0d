/// The stable codes an error body carries (``APIErrorBody/Detail/code``): clients match on these,
/// never on the message. Open like Apple's enumerations: a code a newer server sends still
/// decodes, and a rejected signature's code is its verification code (`invalidSignature`, ...).
public struct APIErrorCode: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static let invalidRequest = APIErrorCode(rawValue: "invalidRequest")
    public static let unauthorized = APIErrorCode(rawValue: "unauthorized")
    public static let forbidden = APIErrorCode(rawValue: "forbidden")
    public static let notFound = APIErrorCode(rawValue: "notFound")
    public static let conflict = APIErrorCode(rawValue: "conflict")
    public static let insufficientFunds = APIErrorCode(rawValue: "insufficientFunds")
    public static let payloadTooLarge = APIErrorCode(rawValue: "payloadTooLarge")
    public static let unknownProduct = APIErrorCode(rawValue: "unknownProduct")
    public static let ownedByAnotherCustomer = APIErrorCode(rawValue: "ownedByAnotherCustomer")
    /// Retry later (the response carries `Retry-After`).
    public static let temporarilyUnavailable = APIErrorCode(rawValue: "temporarilyUnavailable")
    /// The app's configuration lacks what the request needs (e.g. a subscription offer key): no
    /// retry helps until an operator configures it.
    public static let notConfigured = APIErrorCode(rawValue: "notConfigured")
    /// Text in the request (a JSON string, the path or the query) contains U+0000 (NUL).
    public static let nulCharacter = APIErrorCode(rawValue: "nulCharacter")
    /// The request's `Storekeeper-Nonce` is not 22–86 base64url characters (``AnswerSignature``).
    public static let invalidNonce = APIErrorCode(rawValue: "invalidNonce")
    public static let internalError = APIErrorCode(rawValue: "internalError")
    /// An operator action's idempotency key was already used for a different request.
    public static let idempotencyConflict = APIErrorCode(rawValue: "idempotencyConflict")
}
