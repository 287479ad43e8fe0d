public import AppStoreModels
import Foundation

/// Where an entry sits on a customer's timeline, and the opaque cursor that pages it.
///
/// Entries are ordered by time, then by source (an Apple fact before what Storekeeper did about
/// it in the same millisecond: notification, transaction, renewal info, audit event), then by the
/// source's own key, compared as bytes as the SQL store orders text. Pages run newest first; the
/// cursor of a page is the position of its last (oldest) entry, and the next page holds the
/// entries strictly before it.
public struct TimelinePosition: Hashable, Sendable, Comparable {
    /// The instant of the entry.
    public var at: Timestamp
    /// The source's rank (``TimelineSource``).
    public var source: TimelineSource
    /// The source's key: an audit event's sequence number (decimal), a notification's ID, a
    /// transaction's or renewal info's environment.
    public var first: String
    /// A transaction's ID or a renewal info's original transaction ID; empty otherwise.
    public var second: String

    public init(at: Timestamp, source: TimelineSource, first: String, second: String = "") {
        self.at = at
        self.source = source
        self.first = first
        self.second = second
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.at != rhs.at { return lhs.at < rhs.at }
        if lhs.source != rhs.source { return lhs.source.rawValue < rhs.source.rawValue }
        if lhs.source == .audit, let l = Int64(lhs.first), let r = Int64(rhs.first), l != r { return l < r }
        if lhs.first != rhs.first { return lhs.first.precedesInByteOrder(rhs.first) }
        return lhs.second.precedesInByteOrder(rhs.second)
    }

    /// What a source's entries must satisfy to come strictly before this position.
    public func bound(for source: TimelineSource) -> TimelineBound {
        if source.rawValue < self.source.rawValue { return TimelineBound(at: at, tie: .all) }
        if source.rawValue > self.source.rawValue { return TimelineBound(at: at, tie: .none) }
        return TimelineBound(at: at, tie: .keysBelow(first, second))
    }

    /// The cursor clients pass back: base64url of the fields, opaque to them.
    public var cursor: String {
        let text = [String(at.millisecondsSince1970), String(source.rawValue), first, second].joined(separator: "\n")
        return Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A position from ``cursor``; `nil` when `cursor` is not one.
    public init?(cursor: String) {
        guard cursor.utf8.count <= 1024 else { return nil }
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let fields = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, let at = Int64(fields[0]), let rank = Int(fields[1]), let source = TimelineSource(rawValue: rank),
            !fields[2].isEmpty, !fields[2].utf8.contains(0), !fields[3].utf8.contains(0)
        else { return nil }
        if source == .audit, Int64(fields[2]) == nil { return nil }
        self.init(at: Timestamp(millisecondsSince1970: at), source: source, first: fields[2], second: fields[3])
    }
}

/// Which stored records a timeline entry comes from, in the order entries of one millisecond
/// are shown (Apple's word before ours).
public enum TimelineSource: Int, Hashable, Sendable, CaseIterable {
    case notification = 0
    case transaction = 1
    case renewalInfo = 2
    case audit = 3
}

/// The condition a source's entries meet to come before a position: earlier than `at`, or at
/// `at` as `tie` says.
public struct TimelineBound: Hashable, Sendable {
    public enum Tie: Hashable, Sendable {
        /// Every entry at `at` comes before (the source ranks below the position's).
        case all
        /// None does (the source ranks above).
        case none
        /// Those whose keys are below these (the position's own source).
        case keysBelow(String, String)
    }

    public var at: Timestamp
    public var tie: Tie

    public init(at: Timestamp, tie: Tie) {
        self.at = at
        self.tie = tie
    }

    /// Whether an entry of the bound's source at `time` with keys `first`, `second` meets it
    /// (the memory store's filter; the SQL store writes the same condition in SQL).
    public func admits(_ time: Timestamp, _ first: String, _ second: String = "", numericFirst: Bool = false) -> Bool {
        if time != at { return time < at }
        switch tie {
        case .all: return true
        case .none: return false
        case .keysBelow(let f, let s):
            if numericFirst, let l = Int64(first), let r = Int64(f) { return l < r }
            if first != f { return first.precedesInByteOrder(f) }
            return second.precedesInByteOrder(s)
        }
    }
}
