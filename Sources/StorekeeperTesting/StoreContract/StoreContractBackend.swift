public import Testing

/// A store the contract suite runs on: every available SQL backend (``StoreTestBackend``) and the
/// in-memory store, which needs no database and so always runs.
public enum StoreContractBackend: Sendable, CustomTestStringConvertible {
    case sql(StoreTestBackend)
    case memory

    public static let available: [StoreContractBackend] = StoreTestBackend.available.map { .sql($0) } + [.memory]

    public var testDescription: String {
        switch self {
        case .sql(let backend): backend.testDescription
        case .memory: "memory"
        }
    }

    /// Runs `body` with a fresh, empty store of this backend and a second instance on the same
    /// data (the same store where one process owns the data: SQLite, memory).
    public func withContext(_ body: @Sendable (StoreContractContext) async throws -> Void) async throws {
        switch self {
        case .sql(let backend):
            try await backend.withStore { database in try await body(database.context) }
        case .memory:
            try await body(StoreContractContext(store: MemoryPurchaseStore()))
        }
    }
}
