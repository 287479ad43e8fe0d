/// Reads of the idempotency records of operator actions (``AdminActionRecord``).
public protocol AdminActionStoreReader: Sendable {
    func adminAction(appId: String, key: String) async throws -> AdminActionRecord?
}

/// Writes of those records. Invariant: one record per app and key; a second fails with a unique
/// violation (the action's transaction then rolls back whole).
public protocol AdminActionStoreWriter: AdminActionStoreReader {
    func insertAdminAction(_ record: AdminActionRecord) async throws
}
