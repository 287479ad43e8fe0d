public import AppStoreModels

/// How long an operator's grant lasts: a duration from now (ISO 8601 `P7D`, `P1M`, `PT12H`,
/// `P1DT12H`, or whole seconds) or until a moment.
public enum OperatorGrantTerm: Hashable, Sendable {
    /// A calendar period plus a time of day part, in milliseconds.
    case duration(Period?, milliseconds: Int64)
    case until(Timestamp)

    /// The longest grant an operator may give: ten years (a grant always ends).
    public static let maximumMilliseconds: Int64 = 3_660 * 86_400_000

    /// Whole seconds, at least one.
    public static func seconds(_ seconds: Int64) throws(OperatorGrantError) -> OperatorGrantTerm {
        guard seconds > 0, seconds <= maximumMilliseconds / 1000 else {
            throw OperatorGrantError(.invalidTerm, "duration must be 1…\(maximumMilliseconds / 1000) seconds, got \(seconds)")
        }
        return .duration(nil, milliseconds: seconds * 1000)
    }

    /// `PnYnMnWnDTnHnMnS` (each part optional, at least one present, whole numbers).
    public static func iso8601(_ text: String) throws(OperatorGrantError) -> OperatorGrantTerm {
        let invalid = OperatorGrantError(.invalidTerm, "duration \"\(text.prefix(40))\" is not ISO 8601 like P7D, P1M or PT12H")
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard text.hasPrefix("P"), text.count <= 40, let datePart = parts.first else { throw invalid }
        var period: Period?
        if datePart.count > 1 {
            guard let parsed = Period(iso8601: String(datePart)) else { throw invalid }
            period = parsed
        }
        var milliseconds: Int64 = 0
        if parts.count == 2 {
            guard !parts[1].isEmpty else { throw invalid }
            var digits = ""
            for character in parts[1] {
                if character.isASCII, character.isNumber {
                    digits.append(character)
                    continue
                }
                guard let value = Int64(digits), value <= 100_000 else { throw invalid }
                digits = ""
                switch character {
                case "H": milliseconds += value * 3_600_000
                case "M": milliseconds += value * 60_000
                case "S": milliseconds += value * 1000
                default: throw invalid
                }
            }
            guard digits.isEmpty else { throw invalid }
        }
        guard period != nil || milliseconds > 0 else { throw invalid }
        return .duration(period, milliseconds: milliseconds)
    }

    /// When a grant starting at `start` ends; refused when that is not after `start` or further
    /// than ``maximumMilliseconds`` away.
    public func end(from start: Timestamp) throws(OperatorGrantError) -> Timestamp {
        let end: Timestamp
        switch self {
        case .duration(let period, let milliseconds):
            end = (period?.added(to: start) ?? start).adding(milliseconds: milliseconds)
        case .until(let until):
            end = until
        }
        guard end > start else {
            throw OperatorGrantError(.invalidTerm, "the grant would end at or before it starts (\(end.millisecondsSince1970))")
        }
        guard end.millisecondsSince1970 - start.millisecondsSince1970 <= Self.maximumMilliseconds else {
            throw OperatorGrantError(.invalidTerm, "a grant lasts at most ten years")
        }
        return end
    }
}
