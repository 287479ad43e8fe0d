import AppStoreSimulator
import Foundation
import Logging
import StorekeeperSQL

/// What the HTTP benchmarks share: the machine facts, the wrk settings, the report.
struct HTTPBenchmark {
    var wrk: WrkRunner
    var warmUpSeconds: Int
    var workDirectory: URL
    var json: Bool

    /// Runs wrk once briefly (warm-up, figures discarded), then for real.
    func measure(
        url: String, script: String, arguments: [String], warmUpArguments: [String]? = nil
    ) throws
        -> (WrkRunner.Result, String)
    {
        if warmUpSeconds > 0 {
            var warmUp = wrk
            warmUp.seconds = warmUpSeconds
            _ = try warmUp.run(url: url, script: script, arguments: warmUpArguments ?? arguments, directory: workDirectory)
        }
        let before = ProcessCPU.now()
        var (result, command) = try wrk.run(url: url, script: script, arguments: arguments, directory: workDirectory)
        let used = ProcessCPU.now() - before
        result.serverUserSeconds = used.user
        result.serverSystemSeconds = used.system
        return (result, command)
    }

    /// Prints one result with the conditions it was measured under.
    func report(
        name: String, backend: String, result: WrkRunner.Result, command: String, load: (before: String, after: String), notes: [String]
    ) {
        if json {
            struct Row: Encodable {
                var name: String
                var backend: String
                var requestsPerSecond: Double
                var result: WrkRunner.Result
                var loadAverageBefore: String
                var loadAverageAfter: String
                var notes: [String]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let row = Row(
                name: name, backend: backend, requestsPerSecond: result.requestsPerSecond, result: result,
                loadAverageBefore: load.before, loadAverageAfter: load.after, notes: notes)
            if let data = try? encoder.encode(row) { print(String(decoding: data, as: UTF8.self)) }
            return
        }
        print("\(name) [\(backend)]")
        print("  wrk: \(command)")
        print(String(format: "  %.0f requests/s over %.1f s (%d requests)", result.requestsPerSecond, result.seconds, result.requests))
        print(
            "  latency: p50 \(LatencySummary.format(result.p50Microseconds))  p90 \(LatencySummary.format(result.p90Microseconds))"
                + "  p99 \(LatencySummary.format(result.p99Microseconds))  max \(LatencySummary.format(result.maxMicroseconds))")
        print(
            String(
                format: "  server CPU: %.0f µs per request (user %.0f, kernel %.0f), %.2f cores busy",
                result.serverCPUMicrosecondsPerRequest,
                result.serverUserSeconds / Double(max(result.requests, 1)) * 1e6,
                result.serverSystemSeconds / Double(max(result.requests, 1)) * 1e6,
                (result.serverUserSeconds + result.serverSystemSeconds) / result.seconds))
        print("  errors: \(result.statusErrors) non-2xx, \(result.socketErrors) socket; replayed bodies: \(result.exhausted)")
        print("  machine: \(MachineFacts.describe()); load average before \(load.before), after \(load.after)")
        for note in notes { print("  " + note) }
    }
}

enum MachineFacts {
    static var loadAverage: String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func describe() -> String {
        var build = "release build"
        #if DEBUG
            build = "DEBUG build (figures meaningless)"
        #endif
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(ProcessInfo.processInfo.physicalMemory >> 30) GiB, \(build)"
    }
}

/// Options the HTTP benchmarks share.
struct LoadOptions {
    static let defaultDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-bench")

    static func workDirectory(_ path: String?) throws -> URL {
        let url = path.map { URL(fileURLWithPath: $0) } ?? defaultDirectory
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Errors only, unless `LOG_LEVEL` asks for more (as for `serve`).
    static func quietLogger() -> Logger {
        var logger = Logger(label: "storekeeper.bench")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
        return logger
    }
}

extension SQLPurchaseStore {
    /// One integer from a `SELECT COUNT(*) ...`.
    func count(_ sql: String, _ binds: [SQLValue] = []) async throws -> Int {
        try await database.read { tx in try await tx.query(sql, binds).first?.int(0) ?? 0 }
    }
}
