/// Why a day could not be reconciled.
public struct ReconciliationError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No SALES SUMMARY report of the day is imported (not published yet, a day without
        /// sales, or not fetched).
        public static let noReport = Code(rawValue: "noReport")
        /// The day was never reconciled (reading results).
        public static let notReconciled = Code(rawValue: "notReconciled")
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
