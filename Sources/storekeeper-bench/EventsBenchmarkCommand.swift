import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench events`: see `EventsBenchmark`.
struct EventsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Read 1,000,000 feed events in one request as JSON lines and CSV: events/s and peak resident memory.")

    @Option(help: "Feed events seeded (and read in full; a tenth is read first for comparison).")
    var events = 1_000_000

    @Option(help: "SQLite file to use (default: a temporary file, deleted afterwards).")
    var database: String?

    func run() async throws {
        try await reportingUsage { try await EventsBenchmark(events: events, database: database).run() }
    }
}
