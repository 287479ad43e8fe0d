package import Foundation
public import Logging
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import Synchronization

/// A line-per-event log handler for standard error, in swift-log's stream format:
/// `2026-01-03T03:33:31+0000 info storekeeper : key=value [Module] message`.
///
/// Unlike swift-log's `StreamLogHandler`, which re-renders all metadata whenever one key is set,
/// metadata is rendered only when a line is written. Hummingbird sets a request ID on every
/// request's logger; with the stream handler that rendering alone cost ~3 % of a busy server.
public struct StorekeeperLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    private let label: String
    private let stream: Stream

    /// Lines from every logger go out whole, one at a time.
    package final class Stream: Sendable {
        private let file: Mutex<FileHandle>
        package init(_ file: FileHandle) { self.file = Mutex(file) }
        package func write(_ line: String) { file.withLock { $0.write(Data(line.utf8)) } }
    }

    private static let standardErrorStream = Stream(.standardError)

    public static func standardError(label: String, metadataProvider: Logger.MetadataProvider?) -> StorekeeperLogHandler {
        StorekeeperLogHandler(label: label, stream: standardErrorStream, metadataProvider: metadataProvider)
    }

    private init(label: String, stream: Stream, metadataProvider: Logger.MetadataProvider?) {
        self.label = label
        self.stream = stream
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let rendered = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let time = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
        stream.write("\(time) \(event.level) \(label) :\(rendered) [\(event.source)] \(event.message)\n")
    }
}
