/// What replaying one inbox entry did.
public struct ReplayOutcome: Codable, Sendable, Hashable {
    public var id: String
    /// `processed` (applied now), `duplicate` (already applied: nothing happened again, as for
    /// Apple's re-delivery), `rejected` (can never be applied), `retry` (failed; kept failed).
    public var outcome: String
    public var error: String?
    public var statusBefore: String
    public var statusAfter: String

    public init(id: String, outcome: String, error: String? = nil, statusBefore: String, statusAfter: String) {
        self.id = id
        self.outcome = outcome
        self.error = error
        self.statusBefore = statusBefore
        self.statusAfter = statusAfter
    }
}
