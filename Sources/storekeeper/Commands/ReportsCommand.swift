import AppStoreModels
import ArgumentParser
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// `storekeeper reports`: App Store Connect reports: import files, reconcile days.
struct ReportsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports", abstract: "Import App Store Connect reports and reconcile them with Storekeeper's transactions.",
        subcommands: [Import.self, Reconcile.self])

    /// `storekeeper reports import FILE...`: stores report files (gzip or plain), each all or nothing.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import SALES SUMMARY, SUBSCRIPTION_EVENT or FINANCE_DETAIL files (gzip or plain TSV).",
            discussion: """
                Each file is parsed whole first: a malformed file is refused with its line number and nothing of it is \
                stored. Importing the same bytes again changes nothing; a revised file of the same report replaces the \
                day's rows. Apple's file names (S_D_<vendor>_<YYYYMMDD>, Subscription_Event_<vendor>_<YYYYMMDD>) say the \
                vendor and day; otherwise the vendor is --vendor or the one configured app's reports.vendorNumber. \
                Progress goes to standard error: a progress bar on a terminal, one line per file otherwise; exits 1 \
                when any file was refused.
                """)

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "The vendor number, for files not named the way App Store Connect names them.")
        var vendor: String?

        @Option(help: "The report's day (YYYY-MM-DD) or, for FINANCE_DETAIL, fiscal month (YYYY-MM).")
        var date: String?

        @Option(help: "The report's format version (e.g. 1_0), recorded with the file.")
        var reportVersion: String?

        @Argument(help: "Report files.")
        var files: [String]

        func run() async throws {
            let configuration = try await options.load()
            let vendorNumber = try vendor ?? ReportsCommand.configuredVendor(configuration, required: false)
            let logger = Logger(label: "storekeeper")
            let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: logger)
            let refused = try await bootstrap.withRunning {
                try await bootstrap.store.migrate()
                let importer = ReportImporter(store: bootstrap.store, now: SystemClock())
                var refused = 0
                var bar = ImportProgressBar(files: files)
                for (index, path) in files.enumerated() {
                    let prefix = "[\(index + 1)/\(files.count)] \(path): "
                    bar.draw(current: path)
                    defer { bar.finished(path) }
                    do {
                        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                        let result = try await importer.importFile(
                            bytes, name: path, vendorNumber: vendorNumber, reportDate: date, version: reportVersion)
                        switch result.outcome {
                        case .imported(let replaced):
                            bar.clear()
                            ReportsCommand.progress(
                                prefix + "imported \(result.key), \(result.rowCount) rows"
                                    + (replaced > 0 ? " (replaced \(replaced) rows of an earlier revision)" : ""))
                        case .unchanged:
                            bar.clear()
                            ReportsCommand.progress(prefix + "unchanged (these bytes were imported before)")
                        }
                    } catch let error as ReportImportError {
                        refused += 1
                        bar.clear()
                        ReportsCommand.progress(prefix + "refused, nothing stored: \(error)")
                    } catch let error as CocoaError {
                        refused += 1
                        bar.clear()
                        ReportsCommand.progress(prefix + "cannot read the file: \(error.localizedDescription)")
                    }
                }
                bar.draw(current: "")
                bar.end()
                return refused
            }
            await bootstrap.close()
            if refused > 0 { throw ExitCode.failure }
        }
    }

    /// A line on standard error (standard output carries results).
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The vendor number of the configured apps with reports, when they agree on one.
    static func configuredVendor(_ configuration: StorekeeperConfiguration, required: Bool) throws -> String? {
        let vendors = Set(configuration.apps.compactMap { $0.reports?.vendorNumber })
        if vendors.count == 1 { return vendors.first }
        guard required else { return nil }
        throw ValidationError(
            vendors.isEmpty
                ? "no app configures reports (app.<id>.reports.vendorNumber); give --vendor"
                : "the apps configure several vendor numbers; give --vendor")
    }
}
