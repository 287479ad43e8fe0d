import NIOCore
import NIOPosix
import StorekeeperSQL
import Testing

@testable import StorekeeperPostgres

/// Where a PostgreSQL transaction runs: on its connection's event loop, and only there.
@Suite("PostgreSQL client path", .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason), .timeLimit(.minutes(2)))
struct PostgresClientPathTests {
    /// A transaction's body and its statements run on its connection's event loop, so a
    /// statement is written and its answer handled without a hop between threads: before and
    /// after each statement, and after a suspension on something else, the body is on one loop.
    @Test func aTransactionRunsOnItsConnectionsEventLoop() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let loops = try await test.database.write { tx -> [ObjectIdentifier?] in
                var loops = [Self.currentLoop()]
                _ = try await tx.query("SELECT 1")
                loops.append(Self.currentLoop())
                try await tx.execute("CREATE TABLE hops (n BIGINT PRIMARY KEY)")
                try await tx.execute("INSERT INTO hops (n) VALUES ($1)", [.integer(1)])
                loops.append(Self.currentLoop())
                try await Task.sleep(for: .milliseconds(10))
                loops.append(Self.currentLoop())
                _ = try await tx.query("SELECT n FROM hops WHERE n = $1", [.integer(1)])
                loops.append(Self.currentLoop())
                return loops
            }
            #expect(loops.allSatisfy { $0 != nil }, "the body ran off the event loop: \(loops)")
            #expect(Set(loops).count == 1, "the body moved between event loops: \(loops)")
        }
    }

    /// The caller goes on where it was: only the transaction runs on the loop.
    @Test func theCallerLeavesTheEventLoopAfterTheTransaction() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let before = Self.currentLoop()
            try await test.database.read { tx in _ = try await tx.query("SELECT 1") }
            #expect(before == nil)
            #expect(Self.currentLoop() == nil, "the task stayed on the connection's event loop")
        }
    }

    static func currentLoop() -> ObjectIdentifier? {
        MultiThreadedEventLoopGroup.currentEventLoop.map { ObjectIdentifier($0) }
    }
}
