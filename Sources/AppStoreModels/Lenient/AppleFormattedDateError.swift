/// Why a string is not a valid Apple formatted date (see ``AppleFormattedDate``).
public struct AppleFormattedDateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    ///
    /// An open enumeration: values added later are kept in `rawValue`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The stable text of the code.
        public let rawValue: String
        /// Wraps any code text.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The text is not `yyyy-MM-dd HH:mm:ss <time zone>`.
        public static let malformed = Code(rawValue: "malformed")
        /// A month, day, hour, minute or second is out of range (e.g. `2023-02-30`).
        public static let outOfRange = Code(rawValue: "out_of_range")
        /// The time zone identifier is not known to this system.
        public static let unknownTimeZone = Code(rawValue: "unknown_time_zone")

        /// The stable text of the code.
        public var description: String { rawValue }
    }

    /// The stable reason.
    public let code: Code
    /// A human-readable explanation that quotes (a prefix of) the offending text.
    public let reason: String

    /// Creates an error for `text`.
    init(_ code: Code, text: String) {
        self.code = code
        self.reason =
            "Expected an Apple formatted date like \"2018-07-15 08:25:37 Etc/GMT\", found "
            + LenientDecoding.preview(text) + " (" + code.rawValue + ")."
    }

    /// The reason.
    public var description: String { reason }
}
