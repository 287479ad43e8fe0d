import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// `console.enabled`: on unless the configuration turns it off.
@Suite struct ConsoleConfigurationTests {
    @Test func theConsoleIsOnByDefaultAndConsoleEnabledFalseTurnsItOff() async throws {
        let defaults = try await StorekeeperConfiguration.load(path: nil, environment: [:], defaults: ExampleConfiguration.values)
        #expect(defaults.consoleEnabled)
        let off = try await StorekeeperConfiguration.load(
            path: nil, environment: ["CONSOLE_ENABLED": "false"], defaults: ExampleConfiguration.values)
        #expect(!off.consoleEnabled)
    }
}
