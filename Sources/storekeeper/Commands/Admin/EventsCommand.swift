import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper events export|tail`: the app's ordered event feed (`docs/EVENTS.md`), read page
/// by page by cursor, so a million events pass in bounded memory.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events", abstract: "Read the app's ordered event feed.",
        subcommands: [EventsExportCommand.self, EventsTailCommand.self])
}

/// What both commands share: where to start, the format, the page size.
struct EventFeedOptions: ParsableArguments {
    @Option(
        help: """
            Start after this cursor (1-…-…, as printed), or with the events from this time on \
            (YYYY-MM-DD, an ISO 8601 time or milliseconds); the start of the feed when absent.
            """)
    var since: String?

    @Option(help: "jsonl (one JSON event a line) or csv.")
    var format: EventFeedFormat = .jsonl

    @Option(help: "Events asked for per request (1–100000).")
    var page = 10_000

    func validate() throws {
        guard (1...100_000).contains(page) else { throw ValidationError("--page must be 1–100000") }
    }
}

enum EventFeedFormat: String, ExpressibleByArgument, Sendable {
    case jsonl, csv
}

/// Reads the feed after a cursor, writing each page to standard output as it arrives.
struct EventFeedReader {
    let client: AdminClient
    let path: String
    let options: EventFeedOptions
    private(set) var cursor: String?
    private var since: String?
    private var headerWritten = false

    init(client: AdminClient, path: String, options: EventFeedOptions) {
        self.client = client
        self.path = path
        self.options = options
        if let start = options.since, start.hasPrefix("1-") { cursor = start } else { since = options.since }
    }

    /// Reads and prints one page; answers whether it was full (more may follow at once).
    mutating func next() async throws -> Bool {
        let data = try await client.get(
            path,
            query: [
                "after": cursor, "since": since, "limit": String(options.page), "format": options.format.rawValue,
            ])
        var lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        if options.format == .csv, !lines.isEmpty {
            let header = lines.removeFirst()
            if !headerWritten {
                write(header + "\n")
                headerWritten = true
            }
        }
        guard let last = lines.last else { return false }
        cursor = try Self.cursor(of: last, format: options.format)
        write(lines.joined(separator: "\n") + "\n")
        return lines.count == options.page
    }

    /// The cursor of a printed line: a JSON event's `cursor`, or a CSV line's second field
    /// (cursors hold no comma or quote, so it is never quoted).
    static func cursor(of line: String, format: EventFeedFormat) throws -> String {
        switch format {
        case .jsonl: return try JSONDecoder().decode(FeedEventBody.self, from: Data(line.utf8)).cursor
        case .csv:
            let fields = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count > 1 else { throw ValidationError("the server sent a CSV line without a cursor") }
            return String(fields[1])
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// `storekeeper events export`: every event from `--since` to the end of the feed, then exits.
struct EventsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print the feed from --since to its end (JSON lines or CSV).")

    @OptionGroup var admin: AdminOptions
    @OptionGroup var feed: EventFeedOptions

    func run() async throws {
        var reader = EventFeedReader(client: try admin.client(), path: try admin.appPath("/events"), options: feed)
        while try await reader.next() {}
        if let cursor = reader.cursor { FileHandle.standardError.write(Data("last cursor: \(cursor)\n".utf8)) }
    }
}

/// `storekeeper events tail`: like `export`, then keeps following the feed as events commit.
struct EventsTailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail", abstract: "Print the feed from --since and follow it (Ctrl-C to stop).")

    @OptionGroup var admin: AdminOptions
    @OptionGroup var feed: EventFeedOptions

    @Option(help: "Seconds between polls once the end of the feed is reached.")
    var interval: Double = 2

    func run() async throws {
        var reader = EventFeedReader(client: try admin.client(), path: try admin.appPath("/events"), options: feed)
        while true {
            if try await !reader.next() { try await Task.sleep(for: .milliseconds(Int(max(interval, 0.05) * 1000))) }
        }
    }
}
