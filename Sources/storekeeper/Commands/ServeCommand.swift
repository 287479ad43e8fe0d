import AppStoreModels
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// Options every command that opens the configuration shares.
struct ConfigurationOptions: ParsableArguments {
    @Option(help: "JSON configuration file (see docs/CONFIGURATION.md). Without one, the built-in example configuration runs.")
    var config: String?

    @Option(help: "Override storage.path: the SQLite database file.")
    var sqlite: String?

    @Option(help: "Override storage.url: a PostgreSQL URL (postgres://user:pass@host:port/db).")
    var postgres: String?

    func load(overriding flags: [String: String] = [:]) async throws -> StorekeeperConfiguration {
        var overrides = flags
        if let sqlite {
            overrides["storage.backend"] = "sqlite"
            overrides["storage.path"] = sqlite
        }
        if let postgres {
            overrides["storage.backend"] = "postgres"
            overrides["storage.url"] = postgres
        }
        do {
            if let config {
                return try await StorekeeperConfiguration.load(path: config, overrides: overrides)
            }
            return try await StorekeeperConfiguration.load(path: nil, overrides: overrides, defaults: ExampleConfiguration.values)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }
}

/// `storekeeper serve`: runs the HTTP API and the background jobs.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Storekeeper server (migrates the database first).")

    @OptionGroup var options: ConfigurationOptions

    @Option(help: "Listen on this host (overrides server.host).")
    var host: String?

    @Option(help: "Listen on this port (overrides server.port).")
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "Take the time from the App Store simulator at this root URL (sets clock.source to simulator and clock.simulatorURL; development mode only).",
            valueName: "simulator-url"))
    var clockFrom: String?

    func run() async throws {
        var configuration = try await options.load(
            overriding: clockFrom.map { ["clock.source": "simulator", "clock.simulatorURL": $0] } ?? [:])
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        var logger = Logger(label: "storekeeper")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        if options.config == nil {
            logger.notice("no --config given: running the built-in example configuration (your app: see docs/CONFIGURATION.md)")
        }
        let builder: StorekeeperApplicationBuilder
        do {
            builder = try await StorekeeperApplicationBuilder.open(configuration, logger: logger)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
        try await builder.application().runService()
        await builder.storage?.close()
    }
}

/// `storekeeper migrate`: brings the database schema up to date and exits.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Apply pending database migrations.")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let configuration = try await options.load()
        let logger = Logger(label: "storekeeper")
        let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: logger)
        let report = try await bootstrap.withRunning { try await bootstrap.store.migrate() }
        print("applied \(report.applied.count) migration(s); schema version \(report.currentVersion)")
        await bootstrap.close()
    }
}

/// `storekeeper apikey create`: makes a server-to-server API key; the secret is printed once.
struct APIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apikey", abstract: "Manage server-to-server API keys.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an API key and print its secret (shown once; only a hash is stored).")

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "A name for the key (audit events name it).")
        var name: String

        @Option(help: "The app whose routes the key may call (required when several apps are configured).")
        var app: String?

        func run() async throws {
            let configuration = try await options.load()
            let appIds = configuration.apps.map(\.id)
            guard let app = app ?? (appIds.count == 1 ? appIds.first : nil), appIds.contains(app) else {
                throw ValidationError(
                    "--app must name one of the configured apps (\(appIds.joined(separator: ", "))): a key calls one app's routes only")
            }
            let logger = Logger(label: "storekeeper")
            let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: logger)
            let secret = try await bootstrap.withRunning {
                try await bootstrap.store.migrate()
                return try await APIKeys.create(name: name, app: app, in: bootstrap.store)
            }
            print(secret)
            await bootstrap.close()
        }
    }
}
