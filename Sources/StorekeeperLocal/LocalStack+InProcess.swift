import AppStoreSimulator
public import Hummingbird
import StorekeeperApplication
import StorekeeperConsole
public import StorekeeperHTTP
import StorekeeperServer

extension LocalStack {
    /// Storekeeper without sockets, for route tests in which nobody but the test calls it: the
    /// simulator in-process (its keys and catalog; no server, so it delivers no notifications),
    /// and Storekeeper's router, built as `run` builds its server, over a migrated store with an
    /// API key. The test calls the router through HummingbirdTesting's `.router` client. Nothing
    /// listens: `simulatorURL` and `storekeeperURL` are empty, Apple's URLs lead nowhere, and no
    /// background job runs.
    public static func withRouter<T: Sendable>(
        _ options: Options, _ body: @escaping @Sendable (Running, Router<StorekeeperRequestContext>) async throws -> T
    ) async throws -> T {
        var options = options
        options.runsBackgroundJobs = false
        let (simulator, simulated) = try makeSimulator(options)
        let storage = try await StackStorage.open(options.backend, logger: options.logger)
        let result: Result<T, any Error>
        do {
            let builder = try self.builder(options, simulator: simulator, simulated: simulated, simulatorURL: "", storage: storage)
            let value = try await storage.withPrepared {
                let running = Running(
                    simulator: simulator, simulatorURL: "", storekeeperURL: "",
                    apiKeys: try await APIKeySet.create(
                        for: builder.configuration, main: builder.configuration.apps[0].id, in: storage.store),
                    store: storage.store,
                    configuration: builder.configuration, app: builder.configuration.apps[0], builder: builder)
                return try await body(running, builder.router())
            }
            result = .success(value)
        } catch {
            result = .failure(error)
        }
        await storage.close()
        return try result.get()
    }
}
