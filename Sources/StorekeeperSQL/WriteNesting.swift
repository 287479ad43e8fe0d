/// Detects a `write` started inside a `write` body of the same database. On SQLite it would wait
/// for its own turn forever; on PostgreSQL it would be a second, independent transaction that can
/// deadlock against the first. Both backends refuse it the same way.
package enum WriteNesting {
    /// The databases whose write transaction the current task (or its parent) is inside.
    @TaskLocal private static var databases: [ObjectIdentifier] = []

    /// Runs `body` as a write transaction of `database`, or throws
    /// ``SQLError/Code/nestedTransaction`` if the task is already inside one.
    package static nonisolated(nonsending) func write<T>(
        on database: ObjectIdentifier,
        _ body: nonisolated(nonsending) () async throws -> T
    ) async throws -> T {
        if databases.contains(database) {
            throw SQLError(
                .nestedTransaction,
                "write was called inside a write transaction of the same database; pass the transaction down instead")
        }
        return try await $databases.withValue(databases + [database]) { try await body() }
    }
}
