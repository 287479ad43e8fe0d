public import AppStoreModels

/// One try at processing a stored notification: when, how it ended, and why it failed. The
/// store records one with every outcome it writes (an entry stored already processed, failed or
/// rejected; ``InboxStoreWriter/markInboxProcessed(id:at:)``,
/// ``InboxStoreWriter/markInboxFailed(id:error:at:)``,
/// ``InboxStoreWriter/markInboxRejected(id:reason:at:)``), in the same transaction, and keeps
/// the latest ``retained`` of each entry (the entry's `attempts` still counts them all).
public struct InboxAttempt: Hashable, Sendable, Codable {
    public enum Outcome: String, Hashable, Sendable, Codable, CaseIterable {
        case processed, failed, rejected
    }

    /// How many attempts of one entry are kept: an entry failing for months is retried about
    /// every 34 hours, so this holds weeks of its history.
    public static let retained = 50

    /// 1 for the entry's first recorded attempt, counting up.
    public var number: Int
    public var at: Timestamp
    public var outcome: Outcome
    public var error: String?

    public init(number: Int, at: Timestamp, outcome: Outcome, error: String?) {
        self.number = number
        self.at = at
        self.outcome = outcome
        self.error = error
    }

    /// The attempt an entry stored with an outcome records (none for one still `received`).
    public static func first(of entry: InboxNotification) -> InboxAttempt? {
        let outcome: Outcome
        switch entry.status {
        case .received: return nil
        case .processed: outcome = .processed
        case .failed: outcome = .failed
        case .rejected: outcome = .rejected
        }
        return InboxAttempt(
            number: 1, at: entry.processedAt ?? entry.receivedAt, outcome: outcome, error: outcome == .processed ? nil : entry.lastError)
    }
}
