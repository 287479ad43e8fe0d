public import AppStoreModels
public import Logging
public import ServiceLifecycle

/// Work a `PeriodicService` runs: one pass, safe to run on several instances at once and to
/// run again (every job claims its work or takes a lease first, and applies idempotent facts).
public protocol PeriodicJob: Sendable {
    /// The job's name, for logs, metrics and its lease.
    var name: String { get }
    /// Runs one pass; returns `true` when more work may be waiting right now (a full batch), so
    /// the next pass should start without waiting for the interval.
    func runOnce() async throws -> Bool
}

/// Runs a job every `interval` until graceful shutdown; a failing pass is logged and retried at
/// the next interval. A pass that reports more waiting work is followed immediately by another,
/// so a backlog drains without waiting. With `jumps` (a server following a simulator's clock), a
/// jump of the clock ends the wait at once, so a job runs at the new time without waiting for
/// the interval.
public struct PeriodicService<Job: PeriodicJob>: Service {
    package let job: Job
    package let interval: Duration
    package let clock: any WallClock
    package let logger: Logger
    package let gate: StartGate
    package let jumps: ClockJumps?

    public init(
        job: Job, interval: Duration, gate: StartGate = StartGate(open: true), clock: any WallClock = SystemClock(),
        jumps: ClockJumps? = nil, logger: Logger
    ) {
        self.job = job
        self.interval = interval
        self.gate = gate
        self.clock = clock
        self.jumps = jumps
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await gate.wait()
            while !Task.isCancelled {
                // Read before the pass: a jump while it runs must end the pause after it.
                let generation = jumps?.generation
                var moreWork = false
                do {
                    moreWork = try await job.runOnce()
                } catch {
                    logger.warning("background job failed", metadata: ["storekeeper.job": "\(job.name)", "storekeeper.error": "\(error)"])
                }
                if moreWork { continue }
                do {
                    if let jumps {
                        try await jumps.sleep(for: interval, on: clock, since: generation)
                    } else {
                        try await clock.sleep(for: interval)
                    }
                } catch {
                    return
                }
            }
        }
    }
}
