import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench admin`: the operators' search, customer record and timeline at scale.
struct AdminBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract:
            "GET /v1/admin/apps/{app}/search by each identifier kind, the customer record and a timeline page over N customers: p50/p99.",
        discussion: """
            Seeds a SQLite file with N customers (purchases, a subscription with its lifecycle state, grants, wallet \
            entries, an order, audit events and a notification each; a guest merged into every tenth) by bulk SQL, once, \
            and reuses it on later runs. Requests go one at a time for \
            uniformly random customers, as one support agent's; build with -c release.
            """)

    @Option(help: "Customers stored.")
    var customers: Int = 1_000_000

    @Option(help: "Requests measured per route and kind (as many again warm up first).")
    var requests: Int = 2_000

    @Option(help: "The seeded SQLite file (default: <directory>/admin-customers-<N>.sqlite, reused across runs).")
    var database: String?

    @Option(help: "Directory for the seeded database (default: $TMPDIR/storekeeper-bench).")
    var directory: String?

    @Flag(help: "Seed again even if the file is already seeded.")
    var reseed = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() async throws {
        try await reportingUsage {
            try await AdminBenchmark(
                customers: customers, requests: requests, database: database, directory: directory, reseed: reseed, json: json
            ).run()
        }
    }
}
