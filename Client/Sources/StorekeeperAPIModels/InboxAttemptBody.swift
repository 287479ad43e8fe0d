/// One processing attempt of an inbox entry: its number, when (milliseconds since 1970), how it
/// ended, and its error.
public struct InboxAttemptBody: Codable, Sendable, Hashable {
    public var number: Int
    public var at: Int64
    /// `processed`, `failed` (a retry may cure it) or `rejected` (none will).
    public var outcome: String
    public var error: String?

    public init(number: Int, at: Int64, outcome: String, error: String? = nil) {
        self.number = number
        self.at = at
        self.outcome = outcome
        self.error = error
    }
}
