import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperSQL

/// The two write benchmarks: mint, serve, load, check what was committed.
public struct WriteBenchmark: Sendable {
    public enum Kind: Sendable {
        /// `POST /v1/apps/{app}/purchases`: every request a new buyer presenting a new
        /// consumable transaction.
        case purchases
        /// `POST /v1/apps/{app}/notifications` (V2): every request a distinct signed
        /// ONE_TIME_CHARGE notification carrying a new consumable transaction.
        case notifications
    }

    let load: LoadSettings
    let storage: BackendSettings
    /// Bodies to mint; must exceed what the server completes in the measured seconds.
    let requests: Int
    let kind: Kind

    public init(load: LoadSettings, storage: BackendSettings, requests: Int, kind: Kind) {
        self.load = load
        self.storage = storage
        self.requests = requests
        self.kind = kind
    }

    public func run() async throws {
        guard requests > 0 else { throw BenchmarkUsageError("--requests must be positive") }
        let http = try load.http()
        let pki = try AppleShapedPKI()
        let mint = BodyMint(signer: try pki.signer())
        let directory = http.workDirectory
        let make: @Sendable (BodyMint, Int, Timestamp) throws -> String =
            switch kind {
            case .purchases: { try $0.purchaseBody($1, now: $2) }
            case .notifications: { try $0.notificationBody($1, now: $2) }
            }
        let warmUpCount = max(load.warmUp * 3000, 1)
        let started = ContinuousClock.now
        let bodies = directory.appendingPathComponent("bodies-\(mint.nonce).jsonl")
        let warmUpBodies = directory.appendingPathComponent("warmup-\(mint.nonce).jsonl")
        // Warm-up bodies come after the measured ones, so no id is sent twice.
        _ = try await onOwnThread { try mint.write(count: requests, to: bodies, make) }
        _ = try await onOwnThread {
            try mint.write(count: warmUpCount, to: warmUpBodies) { try make($0, $1 + requests, $2) }
        }
        defer {
            try? FileManager.default.removeItem(at: bodies)
            try? FileManager.default.removeItem(at: warmUpBodies)
        }
        if !load.json {
            print("minted \(requests) + \(warmUpCount) bodies in \(ContinuousClock.now - started)")
        }
        let (backend, temporaryFile) = try storage.resolve(directory: directory)
        defer { BackendSettings.removeSQLite(temporaryFile) }
        let path = "/v1/apps/\(BenchmarkStack.appId)/" + (kind == .purchases ? "purchases" : "notifications")
        let threads = String(load.threads)
        let loadBefore = MachineFacts.loadAverage
        let logger = LoadOptions.quietLogger()
        let outcome = try await backend.withFreshSchema(logger: logger) { backend in
            try await BenchmarkStack.run(backend: backend, pki: pki, logger: logger) { running in
                let auth = kind == .purchases ? running.apiKey : "-"
                let (result, command) = try await onOwnThread {
                    try http.measure(
                        url: running.url, script: WrkScripts.distinctBodies,
                        arguments: [path, auth, bodies.path, threads] + load.nonceArguments,
                        warmUpArguments: [path, auth, warmUpBodies.path, threads] + load.nonceArguments)
                }
                let committed: Int
                switch kind {
                case .purchases:
                    committed = try await running.store.count(
                        "SELECT COUNT(*) FROM transactions WHERE transaction_id LIKE $1", [.text(mint.nonce + "%")])
                case .notifications:
                    committed = try await running.store.count("SELECT COUNT(*) FROM inbox WHERE status = 'processed'")
                }
                return (result, command, committed)
            }
        }
        let (result, command, committed) = outcome
        var notes =
            [
                "committed: \(committed) \(kind == .purchases ? "new transactions" : "processed notifications") "
                    + "(measured + warm-up, plus any still in flight when wrk stopped)"
            ] + load.nonceNotes
        if result.exhausted > 0 {
            notes.append("WARNING: the \(requests) minted bodies ran out; \(result.exhausted) requests were replays. Raise --requests.")
        }
        http.report(
            name: kind == .purchases ? "purchase submission" : "V2 notification", backend: backend.description,
            result: result, command: command, load: (loadBefore, MachineFacts.loadAverage), notes: notes)
    }
}
