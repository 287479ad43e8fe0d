/// `POST .../notifications/replay`: the entries of one page of the filter, replayed, with counts.
public struct ReplayRangeResult: Codable, Sendable, Hashable {
    public var attempted: Int
    public var processed: Int
    public var duplicate: Int
    public var rejected: Int
    public var retry: Int
    public var outcomes: [ReplayOutcome]
    /// Where the following page starts (continue with `before=next`); absent on the last page.
    public var next: String?

    public init(
        attempted: Int, processed: Int, duplicate: Int, rejected: Int, retry: Int, outcomes: [ReplayOutcome], next: String? = nil
    ) {
        self.attempted = attempted
        self.processed = processed
        self.duplicate = duplicate
        self.rejected = rejected
        self.retry = retry
        self.outcomes = outcomes
        self.next = next
    }
}
