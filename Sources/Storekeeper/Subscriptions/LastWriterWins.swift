internal import AppStoreModels
internal import Foundation

/// A record that is a last-writer-wins register: the one with the later `signedDate` wins.
protocol SignedRecord: Encodable {
    var signedDate: Timestamp { get }
}

extension AppleTransaction: SignedRecord {}
extension RenewalInfo: SignedRecord {}

/// The total order that decides which of two records about the same key wins.
///
/// The later `signedDate` wins. Equal `signedDate`s are broken by the records' content (their
/// canonical JSON, compared bytewise; the greater wins), never by arrival order, so any two
/// replicas that saw the same set of records keep the same one.
enum LastWriterWins {
    /// Whether `candidate` replaces `current`. A record never supersedes an equal record.
    static func supersedes<R: SignedRecord>(_ candidate: R, _ current: R) -> Bool {
        if candidate.signedDate != current.signedDate { return candidate.signedDate > current.signedDate }
        return contentKey(current).lexicographicallyPrecedes(contentKey(candidate))
    }

    /// The canonical bytes of a record: JSON with sorted keys.
    static func contentKey<R: Encodable>(_ record: R) -> [UInt8] {
        // Encoding these plain value types cannot fail; an empty key would only lose ties.
        return (try? JSONCoding.encode(record)).map { Array($0) } ?? []
    }

    /// Merges `candidate` into the register `current`; returns whether the register changed.
    static func merge<R: SignedRecord & Equatable>(_ candidate: R, into current: inout R?) -> Bool {
        guard let existing = current else {
            current = candidate
            return true
        }
        guard candidate != existing, supersedes(candidate, existing) else { return false }
        current = candidate
        return true
    }
}

extension AppleTransaction {
    /// Whether this record replaces `other` as the stored fact about the same transaction: the
    /// later `signedDate` wins. Equal dates are settled by a total order that never depends on
    /// arrival, so the stored record does not depend on delivery order: first the record that
    /// carries more fields (a receipt's record lacks price, storefront and token, and must not
    /// erase a signed transaction's), then content, as the subscription registers break ties.
    /// Where the record came from (`source`) is not part of the fact: the same signed
    /// transaction presented by the app after its notification is a replay, not a newer fact.
    public func supersedes(_ other: AppleTransaction) -> Bool {
        var candidate = self
        candidate.source = other.source
        guard candidate != other else { return false }
        if candidate.signedDate != other.signedDate { return candidate.signedDate > other.signedDate }
        let candidateKey = LastWriterWins.contentKey(candidate)
        let otherKey = LastWriterWins.contentKey(other)
        let candidateFields = Self.fieldCount(candidateKey)
        let otherFields = Self.fieldCount(otherKey)
        if candidateFields != otherFields { return candidateFields > otherFields }
        return otherKey.lexicographicallyPrecedes(candidateKey)
    }

    /// How many fields a record's canonical JSON carries (absent optionals are omitted).
    private static func fieldCount(_ key: [UInt8]) -> Int {
        ((try? JSONSerialization.jsonObject(with: Data(key))) as? [String: Any])?.count ?? 0
    }
}
