public import Foundation

/// A point in time as Apple sends it: whole milliseconds since 1970-01-01T00:00:00Z.
///
/// Kept as an integer so that values round-trip exactly and compare without floating-point
/// surprises (ordering by `signedDate` decides which fact wins).
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Whole milliseconds since 1970-01-01T00:00:00Z; negative before 1970.
    public var millisecondsSince1970: Int64

    /// Wraps a millisecond count exactly as Apple sends it.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// Rounds `date` down to whole milliseconds.
    public init(_ date: Date) {
        self.millisecondsSince1970 = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The same instant as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    /// Orders by instant.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// The instant `milliseconds` later (earlier if negative).
    public func adding(milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 + milliseconds)
    }

    /// Decodes a JSON integer of milliseconds; anything else throws a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.millisecondsSince1970 = try container.decode(Int64.self)
    }

    /// Encodes the integer number of milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSince1970)
    }

    /// The instant in ISO 8601 form with milliseconds, e.g. `2024-01-03T03:33:31.000Z`.
    public var description: String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
    }
}
