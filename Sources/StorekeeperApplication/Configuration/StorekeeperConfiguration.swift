public import Configuration
public import Foundation

/// Everything a Storekeeper instance runs with, read once at start from the command line, the
/// environment, a JSON file and defaults (in that order of precedence).
///
/// ## Configuration keys
/// - `mode` (`production` | `development`, default `production`): production refuses
///   non-Apple trust anchors, the Xcode/LocalTesting environments, and sandbox money unless an
///   app's `policy.sandbox` allows it for App Review.
/// - `server.host` (default `127.0.0.1`), `server.port` (default `8080`).
/// - `server.maxBodyBytes` (default 1,048,576 — receipts grow with a customer's history): what
///   the routes carrying receipts or Apple's notifications read; the others read at most 16 KB,
///   or nothing (`RequestBodyLimit`).
/// - `server.ioThreads` (default: half the cores, at least 1): threads reading and writing HTTP
///   connections. Request handlers run on Swift's concurrency pool (one thread per core) beside
///   them; on a small machine fewer I/O threads leave the cores to the handlers.
/// - `storage.backend` (`sqlite` | `postgres`, default `sqlite`), `storage.path` (SQLite file,
///   default `storekeeper.sqlite`), `storage.url` (PostgreSQL URL, secret).
/// - `instance` (default: the host name): names this instance in leases and logs.
/// - `clock.source` (`system` | `simulator`, default `system`) and `clock.simulatorURL`: with
///   `simulator` (development mode only), the server's now follows a running
///   `storekeeper simulator` at that root URL, so advancing the simulator's clock moves
///   Storekeeper's expiries, grace ends and background jobs too (see `ServerClock`).
/// - `console.enabled` (default `true`): serve the web console under `/console` (operators
///   sign in with their operator key); `false` leaves only the HTTP API.
/// - `apps` (array of app ids, required) and, per id, the `app.<id>.*` keys of `AppConfiguration`.
/// - `appGroups` (array of group ids) and, per id, `appGroup.<id>.apps` (array of app ids): apps
///   that share one set of customers (an iOS and a macOS app of one product); every other app's
///   customers are its own (``CustomerSpaces``).
/// - `storage.preIsolationCustomers` (an app or group id, default the first of `apps`): who owns
///   the customers stored before apps were isolated.
public struct StorekeeperConfiguration: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        case production, development
    }

    public enum Storage: Sendable, Hashable {
        case sqlite(path: String)
        case postgres(url: String)
    }

    public var mode: Mode
    public var host: String
    public var port: Int
    public var maxBodyBytes: Int
    public var ioThreads: Int
    public var storage: Storage
    public var instance: String
    public var apps: [AppConfiguration]
    /// Apps sharing one set of customers.
    public var appGroups: [AppGroup]
    /// The app or group owning the customers stored before apps were isolated.
    public var preIsolationCustomers: String
    /// Where the server's now comes from.
    public var clock: ClockSource
    /// Whether `/console` (the web console) is served.
    public var consoleEnabled: Bool = true

    /// Where the server's now comes from.
    public enum ClockSource: Sendable, Hashable {
        /// The machine's wall clock; the only source production mode accepts.
        case system
        /// A running App Store simulator at this root URL (`http://127.0.0.1:8090`): the server
        /// reads its `GET /control/clock` and keeps time with it, jumps included.
        case simulator(url: String)
    }

    public init(
        mode: Mode = .production, host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 1_048_576,
        ioThreads: Int = StorekeeperConfiguration.defaultIOThreads,
        storage: Storage = .sqlite(path: "storekeeper.sqlite"), instance: String = ProcessInfo.processInfo.hostName,
        apps: [AppConfiguration], appGroups: [AppGroup] = [], preIsolationCustomers: String? = nil,
        clock: ClockSource = .system
    ) throws(ConfigurationError) {
        self.mode = mode
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.ioThreads = ioThreads
        self.storage = storage
        self.instance = instance
        self.clock = clock
        let spaces = try CustomerSpaces(apps: apps.map(\.id), groups: appGroups, preIsolationOwner: preIsolationCustomers)
        self.apps = spaces.placing(apps, groups: appGroups)
        self.appGroups = appGroups
        self.preIsolationCustomers = spaces.preIsolationOwner
    }

    /// Reads and checks the configuration; the error names the first bad key.
    public init(reader config: ConfigReader) throws(ConfigurationError) {
        let settings = SettingsReader(config)
        mode = try settings.choice("mode", as: Mode.self) ?? .production
        host = try settings.string("server", "host") ?? "127.0.0.1"
        port = try settings.int("server", "port") ?? 8080
        guard (0...65535).contains(port) else { throw ConfigurationError(key: "server.port", "must be 0...65535") }
        maxBodyBytes = try settings.int("server", "maxBodyBytes") ?? 1_048_576
        guard maxBodyBytes >= 1_048_576 else {
            throw ConfigurationError(key: "server.maxBodyBytes", "must admit at least 1 MB (receipts grow with history)")
        }
        ioThreads = try settings.int("server", "ioThreads") ?? Self.defaultIOThreads
        guard (1...256).contains(ioThreads) else { throw ConfigurationError(key: "server.ioThreads", "must be 1...256") }
        switch try settings.string("storage", "backend") ?? "sqlite" {
        case "sqlite":
            storage = .sqlite(path: try settings.string("storage", "path") ?? "storekeeper.sqlite")
        case "postgres":
            storage = .postgres(url: try settings.requiredString("storage", "url", secret: true))
        case let other:
            throw ConfigurationError(key: "storage.backend", "must be sqlite or postgres, not \(other.debugDescription)")
        }
        instance = try settings.string("instance") ?? ProcessInfo.processInfo.hostName
        clock = try Self.clockSource(settings, mode: mode)
        consoleEnabled = try settings.bool("console", "enabled") ?? true
        guard let ids = try settings.stringArray("apps"), !ids.isEmpty else {
            throw ConfigurationError(key: "apps", "must list at least one app id")
        }
        var apps: [AppConfiguration] = []
        for id in ids {
            guard !apps.contains(where: { $0.id == id }) else {
                throw ConfigurationError(key: "apps", "lists \(id) twice")
            }
            apps.append(try AppConfiguration(settings: settings.scoped("app", id), id: id, mode: mode))
        }
        let groups = try AppGroup.read(settings)
        let spaces = try CustomerSpaces(
            apps: ids, groups: groups, preIsolationOwner: try settings.string("storage", "preIsolationCustomers"))
        self.apps = spaces.placing(apps, groups: groups)
        appGroups = groups
        preIsolationCustomers = spaces.preIsolationOwner
    }

    /// The configuration from `path` (optional), overridden by environment variables
    /// (`SERVER_PORT`, `APP_MAIN_SHARED_SECRET`: the dotted key upper-cased, camelCase words split
    /// by `_`, arrays comma-separated) and `overrides` (command-line flags: dotted keys with text
    /// values, read as the environment's are, so `"true"` sets a boolean key).
    public static func load(
        path: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        overrides: [String: String] = [:], defaults: [AbsoluteConfigKey: ConfigValue] = [:]
    ) async throws -> StorekeeperConfiguration {
        var providers: [any ConfigProvider] = []
        if !overrides.isEmpty {
            // Flags are text like environment variables, and are read the same way: "true" is a
            // boolean for a boolean key, "8080" an integer for an integer key, "a,b" an array.
            providers.append(EnvironmentVariablesProvider(environmentVariables: OverrideNames.environment(overrides)))
        }
        providers.append(EnvironmentVariablesProvider(environmentVariables: environment))
        if let path {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ConfigurationError(key: "--config", "file \(path) does not exist")
            }
            providers.append(try await FileProvider<JSONSnapshot>(filePath: .init(path)))
        }
        if !defaults.isEmpty { providers.append(InMemoryProvider(values: defaults)) }
        return try StorekeeperConfiguration(reader: ConfigReader(providers: providers))
    }

    public func app(_ id: String) -> AppConfiguration? { apps.first { $0.id == id } }

    /// `clock.source` and `clock.simulatorURL`; following a simulator is refused in production
    /// mode, where time travel would move real customers' expiries.
    private static func clockSource(_ settings: SettingsReader, mode: Mode) throws(ConfigurationError) -> ClockSource {
        switch try settings.string("clock", "source") ?? "system" {
        case "system":
            return .system
        case "simulator":
            guard mode == .development else {
                throw ConfigurationError(
                    key: "clock.source",
                    "production mode keeps the wall clock; taking the time from a simulator (time travel for testing) needs mode development"
                )
            }
            let url = try settings.requiredString("clock", "simulatorURL")
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil,
                parsed.query == nil
            else {
                throw ConfigurationError(
                    key: "clock.simulatorURL", "must be the simulator's http(s) root URL, e.g. http://127.0.0.1:8090")
            }
            return .simulator(url: url.hasSuffix("/") ? String(url.dropLast()) : url)
        case let other:
            throw ConfigurationError(key: "clock.source", "must be system or simulator, not \(other.debugDescription)")
        }
    }

    /// Half the cores, at least one (measured on two cores: one I/O thread beside the two
    /// handler threads served the customer view about 5 % faster, with a lower p99, than two).
    public static var defaultIOThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }
}
