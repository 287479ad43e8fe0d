public import AppStoreModels

/// Reads of the web console's sign-in sessions (see ``ConsoleSession``).
public protocol ConsoleSessionStoreReader: Sendable {
    /// The session whose id hashes to `idHash`, expired or not (the caller judges expiry).
    func consoleSession(idHash: String) async throws -> ConsoleSession?
}

/// Writes of console sessions. Invariant: one row per session id hash; a session is deleted on
/// sign-out or once expired, never reused.
public protocol ConsoleSessionStoreWriter: ConsoleSessionStoreReader {
    /// A second session with the same id hash fails with a unique violation.
    func insertConsoleSession(_ session: ConsoleSession) async throws
    /// Records activity on the session; `false` when there is no such session.
    func touchConsoleSession(idHash: String, at: Timestamp) async throws -> Bool
    /// Ends the session; `false` when there was none.
    func deleteConsoleSession(idHash: String) async throws -> Bool
    /// Deletes the sessions idle since before `lastSeenBefore` or created before `createdBefore`
    /// (both indexed); returns how many.
    func deleteConsoleSessions(lastSeenBefore: Timestamp, createdBefore: Timestamp) async throws -> Int
}

/// A signed-in operator in the web console. The browser holds the session id in a cookie; the
/// store keeps only its SHA-256, so a copy of the database signs no one in.
public struct ConsoleSession: Sendable, Hashable, Codable {
    /// SHA-256 of the session id, lowercase hex.
    public var idHash: String
    public var operatorName: String
    /// The token every form of this session carries (double-checked against the posted field).
    public var csrfToken: String
    public var createdAt: Timestamp
    /// The last request seen on the session (the idle expiry counts from here).
    public var lastSeenAt: Timestamp

    public init(idHash: String, operatorName: String, csrfToken: String, createdAt: Timestamp, lastSeenAt: Timestamp) {
        self.idHash = idHash
        self.operatorName = operatorName
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}
