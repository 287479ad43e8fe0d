import ArgumentParser
import Foundation
import StorekeeperAPIModels
import StorekeeperApplication

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `storekeeper import FILE`: sends an import file (CSV or JSON lines of customer ids with Apple
/// identifiers or receipts) to the server, follows the job with a progress bar (a terminal) or a
/// line every few seconds (a pipe), and prints the final report (`docs/IMPORT.md`).
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import customers from Apple identifiers or app receipts.")

    @OptionGroup var admin: AdminOptions

    @Argument(
        help:
            "The file: CSV with a header (customerId and transactionId / originalTransactionId / appTransactionId / receipt) or JSON lines."
    )
    var file: String

    @Option(help: "csv or jsonl (default: from the file's extension, else csv).")
    var format: String?

    @Flag(help: "Resolve at Apple and report what would change, writing nothing.")
    var dryRun = false

    @Option(help: "Why (audited).")
    var reason: String

    @Option(help: "Seconds between progress reads.")
    var interval: Double = 1

    func run() async throws {
        let client = try admin.client()
        guard let content = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
        let format = format ?? (file.lowercased().hasSuffix(".jsonl") || file.lowercased().hasSuffix(".ndjson") ? "jsonl" : "csv")
        var job = try await client.post(
            ImportJobBody.self, try admin.appPath("/imports"),
            CreateImportRequest(format: format, content: String(decoding: content, as: UTF8.self), dryRun: dryRun, reason: reason))
        let terminal = isatty(STDERR_FILENO) == 1
        var lastLine = Date.distantPast
        while job.status == "running" {
            if terminal {
                FileHandle.standardError.write(Data(("\r\u{1B}[2K" + Self.bar(job)).utf8))
            } else if Date().timeIntervalSince(lastLine) >= 5 {
                FileHandle.standardError.write(Data("\(job.done)/\(job.total) rows\n".utf8))
                lastLine = Date()
            }
            try await Task.sleep(for: .milliseconds(Int(max(interval, 0.05) * 1000)))
            job = try await client.get(ImportJobBody.self, try admin.appPath("/imports/\(job.id)"))
        }
        if terminal { FileHandle.standardError.write(Data(("\r\u{1B}[2K" + Self.bar(job) + "\n").utf8)) }
        if admin.json { return print(AdminClient.prettyJSON(try JSONEncoder().encode(job))) }
        print(Self.report(job), terminator: "")
    }

    /// `[#####-----]  50% 5000/10000 rows`.
    static func bar(_ job: ImportJobBody, width: Int = 30) -> String {
        let filled = job.total == 0 ? width : job.done * width / job.total
        let percent = job.total == 0 ? 100 : job.done * 100 / job.total
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            + "] \(percent)% \(job.done)/\(job.total) rows"
    }

    static func report(_ job: ImportJobBody) -> String {
        let counts = job.counts
        var text = job.dryRun ? "dry run: nothing was written; what would happen:\n" : ""
        text += """
            imported            \(counts.imported)
            already known       \(counts.alreadyKnown)
            unknown at Apple    \(counts.unknownAtApple)
            ownership conflicts \(counts.ownershipConflict)
            invalid rows        \(counts.invalid)
            failed              \(counts.failed)

            """
        if !job.problems.isEmpty {
            var table = TextTable(["LINE", "OUTCOME", "CUSTOMER", "DETAIL"])
            for problem in job.problems {
                // Text the file or Apple supplied, neutralised before it reaches a terminal.
                table.append([
                    String(problem.line), problem.outcome, DisplayText.neutralised(problem.customerId ?? "-"),
                    DisplayText.neutralised(problem.detail ?? ""),
                ])
            }
            text += table.text
        }
        return text
    }
}
