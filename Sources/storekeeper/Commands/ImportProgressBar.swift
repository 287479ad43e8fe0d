import Foundation
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `reports import`'s progress bar on standard error, drawn only when standard error is a
/// terminal (a pipe or a log gets the per-file lines alone).
struct ImportProgressBar {
    private var progress: ReportImportProgress
    private let sizes: [String: Int]
    private let isTerminal: Bool
    private var drawn = false

    init(files: [String]) {
        var sizes: [String: Int] = [:]
        for path in files {
            sizes[path] = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        self.sizes = sizes
        progress = ReportImportProgress(fileSizes: files.map { sizes[$0] ?? 0 })
        isTerminal = isatty(STDERR_FILENO) == 1
    }

    /// Redraws the bar in place, naming the file being imported.
    mutating func draw(current name: String) {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + progress.bar(columns: Self.columns(), current: name)).utf8))
        drawn = true
    }

    /// Erases the bar so that a line can be printed in its place.
    mutating func clear() {
        guard isTerminal, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        drawn = false
    }

    mutating func finished(_ path: String) {
        progress.finished(bytes: sizes[path] ?? 0)
    }

    /// Leaves the finished bar on its own line.
    mutating func end() {
        guard isTerminal, drawn else { return }
        FileHandle.standardError.write(Data("\n".utf8))
        drawn = false
    }

    private static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 else { return 80 }
        return Int(size.ws_col)
    }
}
