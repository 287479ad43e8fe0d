/// Why a report could not be reconciled.
public struct ReconciliationError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The report (a day's SALES SUMMARY or SUBSCRIPTION_EVENT, a fiscal month's
        /// FINANCE_DETAIL) is not imported (not published yet, no sales, or not fetched).
        public static let noReport = Code(rawValue: "noReport")
        /// The day was never reconciled (reading results).
        public static let notReconciled = Code(rawValue: "notReconciled")
        /// A stored report file does not parse (stored by an older version with other rules).
        public static let unreadableReport = Code(rawValue: "unreadableReport")
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
