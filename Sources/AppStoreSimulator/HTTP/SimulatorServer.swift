public import Hummingbird
public import Logging
public import NIOCore
public import ServiceLifecycle

/// The simulator's HTTP face.
///
/// - `/control/...`: the control API (``ControlRoutes``).
/// - `/inApps/...` and `/production/inApps/...`: the production App Store Server API;
///   `/sandbox/inApps/...`: the sandbox one. Point a client's base URL at
///   `http://host:port` (or `.../production`) and `http://host:port/sandbox`.
/// - `POST /verifyReceipt/production` and `POST /verifyReceipt/sandbox`.
/// - `GET /v1/salesReports` and `GET /v1/financeReports`: App Store Connect's report downloads
///   (``ConnectReportRoutes``); point a reports client's base URL at `http://host:port`.
/// - `GET /pki/root.pem` (trust this to accept the simulator's signed data) and
///   `GET /pki/receipt-root.pem` (for its legacy receipts).
/// - `POST /ocsp` and `GET /ocsp/<base64>`: an OCSP responder for the JWS chain (``OCSPRoutes``),
///   answering `good` for every certificate it issued; chains minted with an `ocspURL` name it.
public enum SimulatorServer {
    public static func router(simulator: AppStoreSimulator) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        ControlRoutes(simulator: simulator).register(on: router)
        ServerAPIRoutes(simulator: simulator, environment: .production).register(on: router.group(""))
        ServerAPIRoutes(simulator: simulator, environment: .production).register(on: router.group("production"))
        ServerAPIRoutes(simulator: simulator, environment: .sandbox).register(on: router.group("sandbox"))
        VerifyReceiptRoutes(simulator: simulator).register(on: router)
        ConnectReportRoutes(simulator: simulator).register(on: router)
        OCSPRoutes(responder: { OCSPResponder(pki: simulator.keys.pki) }).register(on: router)
        router.get("pki/root.pem") { _, _ in
            HTTPSupport.text(
                (try? simulator.keys.rootCertificatePEM) ?? "", status: .ok, contentType: "application/x-pem-file")
        }
        router.get("pki/receipt-root.pem") { _, _ in
            HTTPSupport.text(
                (try? simulator.keys.receiptRootCertificatePEM) ?? "", status: .ok,
                contentType: "application/x-pem-file")
        }
        router.get("health") { _, _ in HTTPSupport.json(["status": "ok"]) }
        return router
    }

    /// The whole simulator as a Hummingbird application; `services` run beside the server (pass
    /// a ``SimulatorScheduler`` when time flows by itself).
    public static func buildApplication(
        simulator: AppStoreSimulator, host: String = "127.0.0.1", port: Int, services: [any Service] = [],
        logger: Logger = Logger(label: "storekeeper.simulator.http"),
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(simulator: simulator),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "AppStoreSimulator"),
            services: services, onServerRunning: onServerRunning, logger: logger)
    }
}

extension SimulatorServer {
    /// Serves the simulator until the process is told to stop (SIGINT/SIGTERM), with a
    /// ``SimulatorScheduler`` ticking every `tick` so time flows by itself.
    public static func run(
        simulator: AppStoreSimulator, host: String, port: Int, tick: Duration,
        logger: Logger = Logger(label: "storekeeper.simulator")
    ) async throws {
        let app = buildApplication(
            simulator: simulator, host: host, port: port,
            services: [SimulatorScheduler(simulator: simulator, interval: tick)], logger: logger)
        logger.info("App Store simulator listening", metadata: ["storekeeper.address": "\(host):\(port)"])
        try await app.runService()
    }
}

/// Lets time flow: runs the simulator's due work (renewals, expiries, retries, delayed
/// notifications) every `interval` until shutdown.
public struct SimulatorScheduler: Service {
    public let simulator: AppStoreSimulator
    public let interval: Duration

    public init(simulator: AppStoreSimulator, interval: Duration = .milliseconds(250)) {
        self.simulator = simulator
        self.interval = interval
    }

    public func run() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await simulator.runDueWork()
                try await Task.sleep(for: interval)
            }
        }
    }
}
