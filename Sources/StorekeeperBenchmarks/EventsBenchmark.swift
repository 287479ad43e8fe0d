import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperServer

/// Reading the event feed at scale: `GET /v1/admin/apps/{app}/events` over `events` feed events
/// in one request, as JSON lines and as CSV, through the server's streamed response (a page of
/// 1,000 events read from the store at a time). Reports events per second and this process's
/// resident memory — the server runs in it — before each read and at its peak during the read,
/// for a read of a tenth of the events and of all of them: when the growth of the heap's peak
/// does not follow the count, memory is bounded by the page, not by the feed. The heap
/// (anonymous memory) is reported apart from the file-backed pages of the SQLite file the
/// readers map (`mmap_size`), which grow with the part of the file read and which the kernel
/// reclaims at will.
///
/// The events are seeded straight into a fresh SQLite file (`EventFeedSeeder`); the client
/// counts lines as they arrive and keeps nothing.
public struct EventsBenchmark: Sendable {
    let events: Int
    /// The SQLite file; `nil`: a temporary file, deleted afterwards.
    let database: String?

    public init(events: Int, database: String?) {
        self.events = events
        self.database = database
    }

    struct Read {
        let format: String
        let limit: Int
        let lines: Int
        let bytes: Int
        let seconds: Double
        let before: ProcessMemory
        /// The largest anonymous and file-backed resident sets during the read.
        let peakAnonymous: Int
        let peakFile: Int
    }

    public func run() async throws {
        guard (1_000...100_000_000).contains(events) else { throw BenchmarkUsageError("--events 1000...100000000") }
        let logger = Logger(label: "storekeeper.benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        let path = database ?? FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).sqlite").path
        defer { if database == nil { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        let clock = ContinuousClock()
        let seeding = clock.now
        try await EventFeedSeeder(
            path: path, count: events, stream: CustomerSpace.preIsolation.rawValue, appId: BenchmarkStack.appId, logger: logger
        ).seed()
        print("seeded \(events) feed events in \(clock.now - seeding)")
        let pki = try AppleShapedPKI()
        let reads = try await BenchmarkStack.run(backend: .sqlite(path: path), pki: pki, logger: logger) { running in
            let key = try await OperatorKeys.create(
                name: "bench-admin", role: .admin, apps: [BenchmarkStack.appId], in: running.store, actor: .job("benchmark"),
                reason: "events benchmark"
            ).key
            let base = running.url + "/v1/admin/apps/\(BenchmarkStack.appId)/events"
            // One read of each format first, not reported: the first use of a code path
            // allocates what stays (caches, the allocator's arenas of the event loop threads).
            for format in ["jsonl", "csv"] { _ = try await Self.read(base, format: format, limit: max(1, events / 10), key: key) }
            var reads: [Read] = []
            for format in ["jsonl", "csv"] {
                for limit in [max(1, events / 10), events] {
                    reads.append(try await Self.read(base, format: format, limit: limit, key: key))
                }
            }
            return reads
        }
        print("format  events      seconds  events/s  heap before  heap peak    growth     file-backed before  peak")
        for read in reads {
            let header = read.format == "csv" ? 1 : 0
            guard read.lines - header == read.limit else {
                throw BenchmarkFailure("\(read.format): read \(read.lines - header) events of \(read.limit)")
            }
            print(
                [
                    read.format.padding(toLength: 7, withPad: " ", startingAt: 0),
                    String(read.limit).padding(toLength: 10, withPad: " ", startingAt: 0),
                    String(format: "%8.2f", read.seconds), String(format: "%9.0f", Double(read.limit) / read.seconds),
                    ProcessMemory.megabytes(read.before.anonymous).padding(toLength: 12, withPad: " ", startingAt: 0),
                    ProcessMemory.megabytes(read.peakAnonymous).padding(toLength: 12, withPad: " ", startingAt: 0),
                    ProcessMemory.megabytes(read.peakAnonymous - read.before.anonymous).padding(toLength: 10, withPad: " ", startingAt: 0),
                    ProcessMemory.megabytes(read.before.file).padding(toLength: 19, withPad: " ", startingAt: 0),
                    ProcessMemory.megabytes(read.peakFile),
                ].joined(separator: " "))
        }
        print(
            "bytes read in full: jsonl \(reads[1].bytes), csv \(reads[3].bytes); peak resident set of the process (VmHWM): \(ProcessMemory.megabytes(try ProcessMemory.now().peak))"
        )
    }

    /// One read of `limit` events in `format`, counted line by line as the body arrives.
    static func read(_ base: String, format: String, limit: Int, key: String) async throws -> Read {
        var request = HTTPClientRequest(url: base + "?format=\(format)&limit=\(limit)")
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        let before = try ProcessMemory.now()
        let clock = ContinuousClock()
        let started = clock.now
        let ((lines, bytes), peakAnonymous, peakFile) = try await ProcessMemory.peaks {
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(3600))
            guard response.status == .ok else {
                throw BenchmarkFailure("GET events: \(response.status) \(String(buffer: try await response.body.collect(upTo: 1 << 16)))")
            }
            var lines = 0
            var bytes = 0
            for try await buffer in response.body {
                bytes += buffer.readableBytes
                lines += buffer.readableBytesView.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
            return (lines, bytes)
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Read(
            format: format, limit: limit, lines: lines, bytes: bytes, seconds: seconds, before: before, peakAnonymous: peakAnonymous,
            peakFile: peakFile)
    }
}
