import Synchronization
import Testing

@testable import StorekeeperPostgres

/// The one sweeper watching lease deadlines (``LeaseDeadlines``), without a database.
@Suite("Lease deadlines")
struct LeaseDeadlinesTests {
    /// Counts the expiries it is told about and lets a test wait for a number of them.
    final class Expiries: Sendable {
        private let fired = Mutex<[String]>([])

        func expire(_ name: String) -> @Sendable () -> Void { { self.fired.withLock { $0.append(name) } } }

        var names: [String] { fired.withLock { $0 } }

        /// Waits (polling, at most `limit`) until `count` expiries fired.
        func wait(for count: Int, limit: Duration = .seconds(10)) async throws {
            let end = ContinuousClock.now + limit
            while names.count < count, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    @Test(.timeLimit(.minutes(1))) func aPassedDeadlineExpiresAndAWithdrawnOneNever() async throws {
        let deadlines = LeaseDeadlines()
        let expiries = Expiries()
        let withdrawn = deadlines.add(.now + .milliseconds(50), expire: expiries.expire("withdrawn"))
        _ = deadlines.add(.now + .milliseconds(100), expire: expiries.expire("due"))
        deadlines.withdraw(withdrawn)
        try await expiries.wait(for: 1)
        // Well past both deadlines: only the one still pending fired, once.
        try await Task.sleep(for: .milliseconds(200))
        #expect(expiries.names == ["due"])
        #expect(deadlines.pendingCount == 0)
    }

    @Test(.timeLimit(.minutes(1))) func aDeadlineNotYetDueWaits() async throws {
        let deadlines = LeaseDeadlines()
        let expiries = Expiries()
        _ = deadlines.add(.now + .seconds(30), expire: expiries.expire("later"))
        try await Task.sleep(for: .milliseconds(200))
        #expect(expiries.names.isEmpty)
        #expect(deadlines.pendingCount == 1)
    }

    /// The sweeper ends when nothing is pending; a deadline added afterwards starts another.
    @Test(.timeLimit(.minutes(1))) func deadlinesAddedAfterTheSweeperEndedStillExpire() async throws {
        let deadlines = LeaseDeadlines()
        let expiries = Expiries()
        _ = deadlines.add(.now + .milliseconds(20), expire: expiries.expire("first"))
        try await expiries.wait(for: 1)
        try await Task.sleep(for: .milliseconds(50))
        _ = deadlines.add(.now + .milliseconds(20), expire: expiries.expire("second"))
        try await expiries.wait(for: 2)
        #expect(expiries.names == ["first", "second"])
    }
}
