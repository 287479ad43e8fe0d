/// Why a simulator operation was refused: a stable `code`, a `reason` naming the cause, and the
/// HTTP status the control API answers with.
public struct SimulatorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An open set of stable codes.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let notFound = Code(rawValue: "notFound")
        public static let invalidRequest = Code(rawValue: "invalidRequest")
        public static let invalidState = Code(rawValue: "invalidState")
        public static let ineligibleForOffer = Code(rawValue: "ineligibleForOffer")
        public static let invalidOfferSignature = Code(rawValue: "invalidOfferSignature")
        public static let paymentFailed = Code(rawValue: "paymentFailed")
        public static let alreadyOwned = Code(rawValue: "alreadyOwned")
        public static let persistenceFailed = Code(rawValue: "persistenceFailed")
        public static let signingFailed = Code(rawValue: "signingFailed")
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public static func notFound(_ reason: String) -> Self { .init(.notFound, reason) }
    public static func invalidRequest(_ reason: String) -> Self { .init(.invalidRequest, reason) }
    public static func invalidState(_ reason: String) -> Self { .init(.invalidState, reason) }
    public static func ineligible(_ reason: String) -> Self { .init(.ineligibleForOffer, reason) }
    public static func invalidOfferSignature(_ reason: String) -> Self { .init(.invalidOfferSignature, reason) }
    public static func paymentFailed(_ reason: String) -> Self { .init(.paymentFailed, reason) }
    public static func alreadyOwned(_ reason: String) -> Self { .init(.alreadyOwned, reason) }

    /// The status the control API answers with.
    public var httpStatus: Int {
        switch code {
        case .notFound: 404
        case .invalidRequest, .invalidOfferSignature: 400
        case .paymentFailed: 402
        case .invalidState, .ineligibleForOffer, .alreadyOwned: 409
        default: 500
        }
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
