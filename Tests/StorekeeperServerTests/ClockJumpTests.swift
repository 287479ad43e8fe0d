import AppStoreModels
import Logging
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperTesting
import Synchronization
import Testing

/// Background jobs pause between passes in real time; when the server's now jumps (a simulator
/// it follows was advanced), the pause ends so the job runs at the new time at once.
@Suite struct ClockJumpTests {
    /// Counts its passes; never reports more work, so every pass is followed by a pause.
    final class CountingJob: PeriodicJob {
        let passes = Mutex(0)
        var name: String { "counting" }
        func runOnce() async throws -> Bool {
            passes.withLock { $0 += 1 }
            return false
        }
        var count: Int { passes.withLock { $0 } }
    }

    static let logger = Logger(label: "clock-jump-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Waits long enough for a starved cooperative pool (a loaded machine) to get to the job; the
    /// pauses it tells apart from are an hour long.
    static func waitUntil(_ condition: () -> Bool, within: Duration = .seconds(120)) async throws -> Bool {
        let deadline = ContinuousClock.now + within
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    @Test("a jump ends an hour-long pause between passes at once")
    func jumpWakesAPeriodicJob() async throws {
        let job = CountingJob()
        let jumps = ClockJumps()
        let service = PeriodicService(job: job, interval: .seconds(3600), jumps: jumps, logger: Self.logger)
        let running = Task { try await service.run() }
        defer { running.cancel() }
        #expect(try await Self.waitUntil { job.count == 1 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(job.count == 1, "the job pauses for its interval")
        jumps.signal()
        #expect(try await Self.waitUntil { job.count == 2 }, "the jump woke the job")
        jumps.signal()
        #expect(try await Self.waitUntil { job.count == 3 })
    }

    /// Jumps the clock from inside its first pass, as a simulator advanced while a job runs.
    final class JumpingJob: PeriodicJob {
        let passes = Mutex(0)
        let jumps: ClockJumps
        init(jumps: ClockJumps) { self.jumps = jumps }
        var name: String { "jumping" }
        func runOnce() async throws -> Bool {
            let pass = passes.withLock { passes in
                passes += 1
                return passes
            }
            if pass == 1 { jumps.signal() }
            return false
        }
        var count: Int { passes.withLock { $0 } }
    }

    @Test("a jump while a pass runs ends the pause after it at once")
    func jumpDuringAPass() async throws {
        let jumps = ClockJumps()
        let job = JumpingJob(jumps: jumps)
        let service = PeriodicService(job: job, interval: .seconds(3600), jumps: jumps, logger: Self.logger)
        let running = Task { try await service.run() }
        defer { running.cancel() }
        #expect(try await Self.waitUntil { job.count == 2 }, "the jump during the first pass was missed: the job paused for an hour")
    }

    @Test("a job cancelled before its start gate opens ends instead of waiting forever")
    func cancelledBeforeTheGateOpens() async throws {
        let job = CountingJob()
        let service = PeriodicService(job: job, interval: .seconds(3600), gate: StartGate(), logger: Self.logger)
        let running = Task { try await service.run() }
        try await Task.sleep(for: .milliseconds(100))
        running.cancel()
        let ended = await finishes(within: .seconds(60)) { _ = try? await running.value }
        #expect(ended, "the service kept waiting for a gate that will never open")
        #expect(job.count == 0, "no pass ran before the schema was ready")
    }

    @Test("without a jump a pause lasts its duration, and cancellation ends it with an error")
    func pauseLastsWithoutAJump() async throws {
        let jumps = ClockJumps()
        let started = ContinuousClock.now
        try await jumps.sleep(for: .milliseconds(150), on: SystemClock())
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        let pausing = Task { try await jumps.sleep(for: .seconds(3600), on: SystemClock()) }
        pausing.cancel()
        await #expect(throws: CancellationError.self) { try await pausing.value }
        #expect(jumps.generation == 0)
    }
}
