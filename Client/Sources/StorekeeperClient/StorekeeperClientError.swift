import StorekeeperAPIModels

/// Why a call of the client did not succeed: a stable ``code`` to match on and a ``reason`` for
/// people (never a secret).
public struct StorekeeperClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An open set of stable codes.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Storekeeper could not be reached, or did not answer in time.
        public static let unreachable = Code(rawValue: "unreachable")
        /// The answer's signature did not verify: it grants nothing (see ``UnverifiedReason``).
        public static let unverified = Code(rawValue: "unverified")
        /// Storekeeper answered with an error (``serverCode`` says which).
        public static let rejected = Code(rawValue: "rejected")
        /// The answer's body is not what the API documents.
        public static let undecodable = Code(rawValue: "undecodable")
        /// StoreKit failed the purchase.
        public static let purchaseFailed = Code(rawValue: "purchaseFailed")
        /// The configuration cannot work (a key, a directory).
        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
    }

    public var code: Code
    public var reason: String
    /// The HTTP status of Storekeeper's answer, when there was one.
    public var status: Int?
    /// Storekeeper's error code (`insufficientFunds`, ...), for ``Code/rejected``.
    public var serverCode: String?
    /// Why the answer is unverified, for ``Code/unverified``.
    public var unverifiedReason: UnverifiedReason?

    public var description: String { "\(code): \(reason)" }

    public init(
        code: Code, reason: String, status: Int? = nil, serverCode: String? = nil, unverifiedReason: UnverifiedReason? = nil
    ) {
        self.code = code
        self.reason = reason
        self.status = status
        self.serverCode = serverCode
        self.unverifiedReason = unverifiedReason
    }

    static func unreachable(_ cause: any Error) -> Self {
        Self(code: .unreachable, reason: "Storekeeper could not be reached: \(cause)")
    }

    static func unverified(_ reason: UnverifiedReason, status: Int) -> Self {
        Self(code: .unverified, reason: "the answer is unverified: \(reason)", status: status, unverifiedReason: reason)
    }

    static func rejected(status: Int, body: APIErrorBody?) -> Self {
        Self(
            code: .rejected, reason: body?.error.message ?? "Storekeeper answered \(status)", status: status,
            serverCode: body?.error.code)
    }

    static func undecodable(_ what: String, status: Int) -> Self {
        Self(code: .undecodable, reason: "the answer is not a \(what)", status: status)
    }
}
