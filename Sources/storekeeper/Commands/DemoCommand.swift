import ArgumentParser
import Foundation
import StorekeeperDemo

/// `storekeeper demo`: the App Store simulator and Storekeeper together on loopback, and a
/// scripted walk through Storekeeper's HTTP API that prints what each party did.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the App Store simulator and Storekeeper together and walk through every kind of purchase.",
        discussion: """
            Starts the App Store simulator (sandbox-accelerated clock: 1 month = 5 minutes) and a \
            Storekeeper server that trusts it, on loopback ports, with a SQLite database. Then, \
            through Storekeeper's HTTP API: a consumable credited to a wallet, a non-consumable, a \
            non-renewing subscription, an auto-renewable subscription that renews, a restore on a new \
            device, and a guest's purchases merged into an account; the timeline shows who did what, \
            what Apple signed and sent, and what Storekeeper granted. Nothing leaves this machine.
            """)

    @Option(
        help: "SQLite database file to create (kept afterwards; must not hold an earlier run). Default: a temporary file, deleted at exit.")
    var sqlite: String?

    @Flag(help: "Leave both servers running afterwards and print their URLs, an API key and a customer token.")
    var keepRunning = false

    @Flag(help: "Print the servers' logs (info level) to standard error.")
    var verbose = false

    func validate() throws {
        if let sqlite, let size = (try? FileManager.default.attributesOfItem(atPath: sqlite))?[.size] as? Int, size > 0 {
            throw ValidationError(
                "\(sqlite) already exists: the demo's simulator starts afresh on every run, so its transaction IDs would "
                    + "collide with the earlier run's. Give a new file or delete it.")
        }
    }

    func run() async throws {
        try await Demo(sqlite: sqlite, keepRunning: keepRunning, verbose: verbose).run()
    }
}
