import Foundation

/// Drives `wrk` (https://github.com/wg/wrk, Debian package `wrk`) against the benchmark server:
/// keep-alive connections on loopback, a LuaJIT script choosing each request, latency from
/// wrk's own histogram (microsecond resolution). wrk is a small C program: it costs the shared
/// two cores far less per request than the server does.
struct WrkRunner {
    var threads: Int
    var connections: Int
    var seconds: Int
    var wrkPath: String

    /// One run's figures, printed by the scripts' `done` as a `STOREKEEPER_WRK key=value ...` line.
    struct Result: Sendable, Encodable {
        var requests: Int
        var seconds: Double
        var p50Microseconds: Double
        var p90Microseconds: Double
        var p99Microseconds: Double
        var maxMicroseconds: Double
        /// Responses that were not 2xx/3xx.
        var statusErrors: Int
        /// Connect, read, write errors and timeouts.
        var socketErrors: Int
        /// Requests sent after the pre-minted bodies ran out (replays of earlier bodies).
        var exhausted: Int
        /// CPU seconds the benchmark process (the server under test) used while wrk measured,
        /// in user and kernel mode; set by ``HTTPBenchmark/measure(url:script:arguments:warmUpArguments:)``.
        var serverUserSeconds = 0.0
        var serverSystemSeconds = 0.0

        var requestsPerSecond: Double { Double(requests) / seconds }
        /// The server's CPU (user + kernel) per completed request, in microseconds.
        var serverCPUMicrosecondsPerRequest: Double {
            requests > 0 ? (serverUserSeconds + serverSystemSeconds) / Double(requests) * 1e6 : 0
        }
        var latency: LatencySummary {
            LatencySummary(
                count: requests, p50: p50Microseconds, p90: p90Microseconds, p99: p99Microseconds, max: maxMicroseconds)
        }
    }

    /// Runs wrk with `script` (Lua text) and `arguments` (the script's `init(args)`); returns
    /// the figures and the exact command line.
    func run(url: String, script: String, arguments: [String], directory: URL) throws -> (Result, String) {
        let scriptURL = directory.appendingPathComponent("bench-\(UUID().uuidString.prefix(8)).lua")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scriptURL) }
        let wrkArguments =
            ["-t", String(threads), "-c", String(connections), "-d", "\(seconds)s", "--timeout", "10s", "-s", scriptURL.path, url]
            + ["--"] + arguments
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrkPath)
        process.arguments = wrkArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("wrk exited with \(process.terminationStatus):\n\(text)")
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("STOREKEEPER_WRK ") }) else {
            throw BenchmarkFailure("wrk printed no STOREKEEPER_WRK line:\n\(text)")
        }
        var fields: [String: Double] = [:]
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
        }
        func field(_ name: String) throws -> Double {
            guard let value = fields[name] else { throw BenchmarkFailure("wrk output lacks \(name): \(line)") }
            return value
        }
        let result = Result(
            requests: Int(try field("requests")), seconds: try field("duration_us") / 1e6,
            p50Microseconds: try field("p50_us"), p90Microseconds: try field("p90_us"),
            p99Microseconds: try field("p99_us"), maxMicroseconds: try field("max_us"),
            statusErrors: Int(try field("status_errors")),
            socketErrors: Int(try field("connect_errors") + field("read_errors") + field("write_errors") + field("timeouts")),
            exhausted: Int(fields["exhausted"] ?? 0))
        let quoted = ([wrkPath] + wrkArguments.map { $0 == scriptURL.path ? "SCRIPT.lua" : $0 })
            .map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        return (result, quoted)
    }

    static func locate(_ explicit: String?) throws -> String {
        let candidates = explicit.map { [$0] } ?? ["/usr/bin/wrk", "/usr/local/bin/wrk"]
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw BenchmarkFailure("wrk not found (apt-get install -y wrk, or pass --wrk PATH)")
    }
}

/// The Lua scripts wrk runs (LuaJIT). Each prints one `STOREKEEPER_WRK` line from `done`.
enum WrkScripts {
    static let report = """
        function report(summary, latency, exhausted)
          io.write(string.format(
            "STOREKEEPER_WRK requests=%d duration_us=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d " ..
            "status_errors=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d exhausted=%d\\n",
            summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
            latency:percentile(99), latency.max, summary.errors.status, summary.errors.connect,
            summary.errors.read, summary.errors.write, summary.errors.timeout, exhausted))
        end
        """

    /// `GET <prefix><random id>`: ids `c0000001` ... `c<N>` (zero-padded to 7 digits), uniformly
    /// random per request, a different seed per wrk thread.
    /// Arguments: path prefix, customer count, API key, and optionally a `Storekeeper-Nonce`.
    static let randomCustomers =
        report + """

            local counter = 0
            function setup(thread)
              thread:set("id", counter)
              counter = counter + 1
            end
            function init(args)
              prefix = args[1]
              customers = tonumber(args[2])
              headers = { ["Authorization"] = "Bearer " .. args[3] }
              if args[4] then headers["Storekeeper-Nonce"] = args[4] end
              math.randomseed(7919 * (id + 1) + os.time())
            end
            function request()
              return wrk.format("GET", prefix .. string.format("c%07d", math.random(1, customers)), headers)
            end
            function done(summary, latency, requests)
              report(summary, latency, 0)
            end
            """

    /// `POST <path>` with one pre-minted body per request: thread `i` of `n` sends lines
    /// `i, i+n, i+2n, ...` of the bodies file, each once. If a thread runs out it starts over
    /// (replays), and the run reports how many requests were replays.
    /// Arguments: path, API key (`-` for none), bodies file, wrk thread count, and optionally a
    /// `Storekeeper-Nonce`.
    static let distinctBodies =
        report + """

            local counter = 0
            local threads = {}
            function setup(thread)
              thread:set("id", counter)
              counter = counter + 1
              table.insert(threads, thread)
            end
            function init(args)
              path = args[1]
              headers = { ["Content-Type"] = "application/json" }
              if args[2] ~= "-" then headers["Authorization"] = "Bearer " .. args[2] end
              if args[5] then headers["Storekeeper-Nonce"] = args[5] end
              local n = tonumber(args[4])
              bodies = {}
              local i = 0
              for line in io.lines(args[3]) do
                if i % n == id then bodies[#bodies + 1] = line end
                i = i + 1
              end
              nextBody = 0
              exhausted = 0
            end
            function request()
              nextBody = nextBody + 1
              if nextBody > #bodies then
                exhausted = exhausted + 1
                nextBody = 1
              end
              return wrk.format("POST", path, headers, bodies[nextBody])
            end
            function done(summary, latency, requests)
              local exhausted = 0
              for _, thread in ipairs(threads) do exhausted = exhausted + thread:get("exhausted") end
              report(summary, latency, exhausted)
            end
            """
}
