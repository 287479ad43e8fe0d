import AppStoreModels
import AppStoreSimulator
import ArgumentParser
import Foundation

/// `storekeeper simulator`: runs the App Store simulator (control API, App Store Server API,
/// verifyReceipt, notifications) on a port.
struct SimulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulator",
        abstract: "Run a local App Store: purchases, renewals, notifications, Server API and verifyReceipt.",
        discussion: """
            Time flows from the wall clock and can be advanced with POST /control/clock/advance. \
            On an empty state the demo app \(DemoCatalog.bundleId) (its catalog, a sandbox account \
            "demo" and a production account "customer") is created, sending notifications to \
            --notify-url. With --state DIR, state.json and the signing chains (PEM) live in DIR, so \
            a restart keeps purchases and the same certificates. Trust GET /pki/root.pem to accept \
            what the simulator signs; production Storekeeper must never trust it. Newly minted chains \
            name the simulator's OCSP responder (POST /ocsp, or --ocsp-url) so `storekeeper verify \
            --online` can check them; chains kept in --state from before name none.
            """)

    @Option(help: "Port to listen on.")
    var port: Int = 8090

    @Option(help: "Address to bind.")
    var host: String = "127.0.0.1"

    @Option(help: "Where notifications for the demo app go (both environments).")
    var notifyURL: String?

    @Option(help: "Directory for state.json and the signing chains; omit to keep everything in memory.")
    var state: String?

    @Option(help: "OCSP responder URL that newly minted chains name. Default: http://HOST:PORT/ocsp.")
    var ocspURL: String?

    @Flag(help: "Sandbox-accelerated periods (1 month = 5 minutes) that renew by themselves.")
    var accelerated = false

    @Option(help: "Latency added before each App Store Server API answer, in milliseconds (control API: PUT /control/latency).")
    var apiLatencyMs: Int64 = 0

    @Option(help: "Uniform jitter around --api-latency-ms, in milliseconds (at most --api-latency-ms).")
    var apiJitterMs: Int64 = 0

    @Option(help: "Seed of the latency jitter (the same seed draws the same delays).")
    var apiLatencySeed: UInt64 = 1

    @Flag(help: "Enforce Apple's App Store Server API request budgets: calls over budget get 429 (control API: PUT /control/budget).")
    var enforceAppleBudget = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        do throws(SimulatorError) {
            _ = try APILatency(fixedMilliseconds: apiLatencyMs, jitterMilliseconds: apiJitterMs, seed: apiLatencySeed)
        } catch {
            throw ValidationError(error.description)
        }
        if let notifyURL, URL(string: notifyURL)?.scheme == nil {
            throw ValidationError("--notify-url must be an absolute URL")
        }
    }

    func run() async throws {
        let simulator = try AppStoreSimulator(
            configuration: .init(
                clockMode: .system, durationMode: accelerated ? .accelerated : .production,
                stateDirectory: state.map { URL(fileURLWithPath: $0, isDirectory: true) },
                ocspURL: ocspURL ?? "http://\(host):\(port)/ocsp",
                apiLatency: try APILatency(fixedMilliseconds: apiLatencyMs, jitterMilliseconds: apiJitterMs, seed: apiLatencySeed),
                apiRateBudget: enforceAppleBudget ? .apple : nil))
        if simulator.snapshot().apps.isEmpty {
            try simulator.configureApp(DemoCatalog.app(notificationURL: notifyURL))
            try simulator.upsertAccount(SimulatedAccount(id: "demo", environment: .sandbox))
            try simulator.upsertAccount(SimulatedAccount(id: "customer", environment: .production))
        }
        try await SimulatorServer.run(
            simulator: simulator, host: host, port: port, tick: .milliseconds(accelerated ? 200 : 1000))
    }
}
