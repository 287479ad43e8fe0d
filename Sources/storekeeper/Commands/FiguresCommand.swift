import ArgumentParser
import Logging
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// `storekeeper figures rebuild`: recomputes an app's overview figures from the stored facts.
struct FiguresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "figures", abstract: "Maintain the admin overview's figures.", subcommands: [Rebuild.self])

    struct Rebuild: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rebuild",
            abstract:
                "Recompute an app's overview and analytics rollups and refunds list from the stored facts (run while no server writes).")

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "The app to rebuild (an id from the configuration's apps).")
        var app: String

        func run() async throws {
            let configuration = try await options.load()
            guard let chosen = configuration.apps.first(where: { $0.id == app }) else {
                throw ValidationError("no app \(app) in the configuration")
            }
            let logger = Logger(label: "storekeeper")
            let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: logger)
            let summary = try await bootstrap.withRunning {
                try await bootstrap.store.migrate()
                // With one app, every fact is its own; with several, a fact is the app's whose catalog lists its product.
                return try await OverviewRebuild.rebuild(app: chosen, includeUnlisted: configuration.apps.count == 1, in: bootstrap.store)
            }
            print(
                "rebuilt \(app): \(summary.subscriptions) subscriptions, \(summary.transactions) transactions, \(summary.refunds) refunds")
            await bootstrap.close()
        }
    }
}
