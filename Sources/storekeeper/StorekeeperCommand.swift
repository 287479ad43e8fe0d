import ArgumentParser
import Foundation
import Logging
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// `storekeeper`: the server, its operator tools and the App Store simulator.
@main
struct StorekeeperCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storekeeper",
        abstract: "Runs App Store in-app purchases end to end: orders, verification, entitlements, wallet.",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, APIKeyCommand.self, AnswerKeysCommand.self, VerifyCommand.self, SimulatorCommand.self,
            DemoCommand.self,
            ReportsCommand.self,
            OperatorCommand.self,
            CustomerCommand.self, GroupCommand.self,
            GrantCommand.self, RevokeCommand.self, AdjustCommand.self, OrderCommand.self, TransferCommand.self,
            ExtendCommand.self, ResyncCommand.self, NotificationsCommand.self, OffersCommand.self, RefundsCommand.self,
            FiguresCommand.self, EventsCommand.self, ImportCommand.self, AnalyticsCommand.self,
            RetentionCommand.self,
        ]
    )

    /// Usage errors exit with 2 (ArgumentParser's default is 64); everything else keeps its code.
    /// Logs go to standard error: standard output carries what a command prints (a key, JSON lines).
    static func main() async {
        LoggingSystem.bootstrap { StorekeeperLogHandler.standardError(label: $0, metadataProvider: nil) }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
