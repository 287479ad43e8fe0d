import Configuration
import Foundation
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// Configuration is read from flags, the environment, a JSON file and defaults, in that order;
/// a bad value stops the server at start with an error naming its key.
@Suite struct ConfigurationTests {
    /// The package's root, where `examples/` lives.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A small valid configuration: one app selling one consumable.
    static let minimal = """
        {
          "mode": "development",
          "server": { "port": 8080 },
          "apps": ["main"],
          "app": {
            "main": {
              "bundleId": "com.example.app",
              "products": ["gems"],
              "product": { "gems": { "kind": "consumable", "currencies": ["gems=100"] } }
            }
          }
        }
        """

    static func load(
        json: String = minimal, environment: [String: String] = [:], overrides: [String: String] = [:]
    ) async throws -> StorekeeperConfiguration {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-config-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await StorekeeperConfiguration.load(path: file.path, environment: environment, overrides: overrides)
    }

    @Test("the example configuration in examples/ loads as docs/CONFIGURATION.md says")
    func exampleLoads() async throws {
        let path = Self.packageRoot.appendingPathComponent("examples/storekeeper.json").path
        let key = Self.packageRoot.appendingPathComponent("examples/keys/customer-tokens-es256.pub.pem").path
        let configuration = try await StorekeeperConfiguration.load(
            path: path, environment: [:], overrides: ["app.main.customerTokens.es256PublicKeyPath": key])
        #expect(configuration.mode == .production)
        #expect(configuration.port == 8080)
        #expect(configuration.storage == .sqlite(path: "storekeeper.sqlite"))
        let app = try #require(configuration.app("main"))
        #expect(app.bundleId == "com.example.mygame")
        #expect(app.catalog.products.count == 5)
        #expect(app.webhooks.map(\.name) == ["backend"])
    }

    @Test("flags override the environment, which overrides the file, which overrides defaults")
    func precedence() async throws {
        #expect(try await Self.load().port == 8080)
        #expect(try await Self.load(environment: ["SERVER_PORT": "9090"]).port == 9090)
        // Flags (`--sqlite`, `--postgres`) arrive as overrides of string keys.
        #expect(try await Self.load().storage == .sqlite(path: "storekeeper.sqlite"))
        #expect(try await Self.load(environment: ["STORAGE_PATH": "/env.sqlite"]).storage == .sqlite(path: "/env.sqlite"))
        let flagged = try await Self.load(environment: ["STORAGE_PATH": "/env.sqlite"], overrides: ["storage.path": "/flag.sqlite"])
        #expect(flagged.storage == .sqlite(path: "/flag.sqlite"))
        let defaults = try await Self.load()
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.maxBodyBytes == 1_048_576)
        #expect(defaults.ioThreads == StorekeeperConfiguration.defaultIOThreads)
        #expect(defaults.ioThreads >= 1)
        // camelCase words are split in environment names.
        let tuned = try await Self.load(environment: [
            "SERVER_IO_THREADS": "3", "SERVER_MAX_BODY_BYTES": "2097152", "APP_MAIN_POLICY_TRANSFER": "refuse",
        ])
        #expect(tuned.ioThreads == 3)
        #expect(tuned.maxBodyBytes == 2_097_152)
        #expect(tuned.app("main")?.policy.transfer == .refuse)
        #expect(defaults.app("main")?.smallBusinessProgram == false)
        let small = try await Self.load(environment: ["APP_MAIN_PROCEEDS_SMALL_BUSINESS_PROGRAM": "true"])
        #expect(small.app("main")?.smallBusinessProgram == true)
        #expect(small.app("main")?.proceedsEstimator.smallBusinessProgram == true)
    }

    @Test("overrides set boolean, integer and array keys from their text, as the environment does")
    func typedOverrides() async throws {
        let flagged = try await Self.load(overrides: [
            "console.enabled": "false", "app.main.proceeds.smallBusinessProgram": "true", "server.port": "9191",
            "server.ioThreads": "2",
        ])
        #expect(flagged.consoleEnabled == false)
        #expect(flagged.app("main")?.smallBusinessProgram == true)
        #expect(flagged.port == 9191)
        #expect(flagged.ioThreads == 2)
        // A flag still wins over the environment for a boolean key.
        let both = try await Self.load(environment: ["CONSOLE_ENABLED": "false"], overrides: ["console.enabled": "true"])
        #expect(both.consoleEnabled == true)
        // Text that is not a boolean is refused, naming the key.
        let error = await #expect(throws: ConfigurationError.self) {
            _ = try await Self.load(overrides: ["console.enabled": "yes please"])
        }
        #expect(error?.description.contains("console.enabled") == true)
        #expect(
            OverrideNames.name("app.main.customerTokens.es256PublicKeyPath") == "APP_MAIN_CUSTOMER_TOKENS_ES256PUBLIC_KEY_PATH",
            "as the environment provider names it")
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var key: String
        var reason: String
        var testDescription: String { environment.map { "\($0)=\($1)" }.sorted().joined(separator: " ") }
    }

    static let invalid: [Invalid] = [
        Invalid(environment: ["SERVER_PORT": "70000"], key: "server.port", reason: "must be 0...65535"),
        Invalid(environment: ["SERVER_PORT": "eighty"], key: "server.port", reason: "must be an integer"),
        Invalid(environment: ["SERVER_IO_THREADS": "0"], key: "server.ioThreads", reason: "must be 1...256"),
        Invalid(environment: ["SERVER_MAX_BODY_BYTES": "65536"], key: "server.maxBodyBytes", reason: "at least 1 MB"),
        Invalid(environment: ["STORAGE_BACKEND": "mysql"], key: "storage.backend", reason: "must be sqlite or postgres"),
        Invalid(environment: ["STORAGE_BACKEND": "postgres"], key: "storage.url", reason: "is required"),
        Invalid(environment: ["MODE": "staging"], key: "mode", reason: "has unknown value \"staging\""),
        Invalid(environment: ["APP_MAIN_POLICY_TRANSFER": "share"], key: "app.main.policy.transfer", reason: "has unknown value \"share\""),
        Invalid(environment: ["APP_MAIN_ENVIRONMENTS": "Production,Moon"], key: "app.main.environments", reason: "unknown environment"),
        Invalid(environment: ["APP_MAIN_BUNDLE_ID": ""], key: "app.main.bundleId", reason: "is required"),
        Invalid(
            environment: ["APP_MAIN_PRODUCT_GEMS_CURRENCIES": "gems"], key: "app.main.product.gems.currencies",
            reason: "CURRENCY=AMOUNT"),
        Invalid(environment: ["APP_MAIN_PRODUCT_GEMS_KIND": "gift"], key: "app.main.product.gems.kind", reason: "not \"gift\""),
        Invalid(environment: ["APPS": "Main"], key: "apps", reason: "lowercase"),
        Invalid(
            environment: ["APP_MAIN_PROCEEDS_SMALL_BUSINESS_PROGRAM": "sometimes"], key: "app.main.proceeds.smallBusinessProgram",
            reason: "true or false"),
        Invalid(environment: ["CLOCK_SOURCE": "sundial"], key: "clock.source", reason: "must be system or simulator"),
        Invalid(environment: ["CLOCK_SOURCE": "simulator"], key: "clock.simulatorURL", reason: "is required"),
        Invalid(
            environment: ["CLOCK_SOURCE": "simulator", "CLOCK_SIMULATOR_URL": "127.0.0.1:8090"], key: "clock.simulatorURL",
            reason: "http(s) root URL"),
    ]

    @Test("a bad value stops the start with an error naming its key", arguments: invalid)
    func invalidValuesNameTheirKey(_ case: Invalid) async throws {
        let error = await #expect(throws: ConfigurationError.self) { try await Self.load(environment: `case`.environment) }
        #expect(error?.key == `case`.key, "\(String(describing: error))")
        #expect(error?.reason.contains(`case`.reason) == true, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("configuration key \(`case`.key): ") == true)
    }

    @Test("the clock follows a simulator only in development mode; production refuses it with invalidConfiguration")
    func simulatorClockIsDevelopmentOnly() async throws {
        #expect(try await Self.load().clock == .system)
        let following = try await Self.load(environment: ["CLOCK_SOURCE": "simulator", "CLOCK_SIMULATOR_URL": "http://127.0.0.1:8090/"])
        #expect(following.clock == .simulator(url: "http://127.0.0.1:8090"))
        let refused = await #expect(throws: ConfigurationError.self) {
            try await Self.load(environment: [
                "MODE": "production", "CLOCK_SOURCE": "simulator", "CLOCK_SIMULATOR_URL": "http://127.0.0.1:8090",
            ])
        }
        #expect(refused?.code == .invalidConfiguration)
        #expect(refused?.key == "clock.source")
        #expect(refused?.reason.contains("production mode keeps the wall clock") == true, "\(String(describing: refused))")
    }

    @Test("a secret that is refused is not repeated in the error")
    func refusedSecretsAreNotRepeated() async throws {
        let secret = "too-short-secret-value"
        let error = await #expect(throws: ConfigurationError.self) {
            try await Self.load(environment: ["APP_MAIN_CUSTOMER_TOKENS_HS256SECRET": secret])
        }
        #expect(error?.key == "app.main.customerTokens.hs256Secret")
        #expect(error?.description.contains(secret) == false)
    }

    @Test("a missing --config file is named")
    func missingFile() async throws {
        let error = await #expect(throws: ConfigurationError.self) {
            try await StorekeeperConfiguration.load(path: "/nonexistent/storekeeper.json", environment: [:])
        }
        #expect(error?.key == "--config")
    }
}
