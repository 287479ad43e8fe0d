public import AppStoreModels

/// How a ``ReceiptVerificationClient`` reaches `verifyReceipt`.
public struct ReceiptVerificationConfiguration: Sendable, CustomStringConvertible {
    /// Apple's production endpoint.
    public static let productionURL = "https://buy.itunes.apple.com/verifyReceipt"
    /// Apple's sandbox endpoint.
    public static let sandboxURL = "https://sandbox.itunes.apple.com/verifyReceipt"

    /// The production endpoint (override for the simulator or tests).
    public var productionURL: String
    /// The sandbox endpoint (override for the simulator or tests).
    public var sandboxURL: String
    /// Whether a 21007 may be followed to the sandbox by default. Production deployments allow it
    /// only when the app's policy accepts sandbox purchases (App Review).
    public var allowSandbox: Bool
    /// The environment asked first; Apple recommends production (a sandbox receipt then costs one
    /// extra round trip).
    public var startingEnvironment: AppStoreEnvironment
    /// The app's shared secret, sent as `password` when the request has none.
    public var sharedSecret: String?
    /// The time allowed for one HTTP exchange.
    public var requestTimeout: Duration
    /// Retries per environment (transport failures, 5xx, 21002/21005/21009/211xx).
    public var retry: AppStoreAPIRetryPolicy
    /// Responses larger than this are not read (receipts with long histories are large).
    public var maximumResponseBytes: Int
    /// Receipts whose Base64 text is longer than this are refused before sending.
    public var maximumReceiptBytes: Int
    /// Sent as `User-Agent`.
    public var userAgent: String

    public init(
        allowSandbox: Bool,
        productionURL: String = Self.productionURL,
        sandboxURL: String = Self.sandboxURL,
        startingEnvironment: AppStoreEnvironment = .production,
        sharedSecret: String? = nil,
        requestTimeout: Duration = .seconds(30),
        retry: AppStoreAPIRetryPolicy = AppStoreAPIRetryPolicy(),
        maximumResponseBytes: Int = 8 * 1024 * 1024,
        maximumReceiptBytes: Int = 4 * 1024 * 1024,
        userAgent: String = "storekeeper-appstore-api/1"
    ) {
        self.allowSandbox = allowSandbox
        self.productionURL = productionURL
        self.sandboxURL = sandboxURL
        self.startingEnvironment = startingEnvironment
        self.sharedSecret = sharedSecret
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.maximumResponseBytes = maximumResponseBytes
        self.maximumReceiptBytes = maximumReceiptBytes
        self.userAgent = userAgent
    }

    /// The URL of `environment`'s endpoint.
    func url(for environment: AppStoreEnvironment) -> String {
        environment == .sandbox ? sandboxURL : productionURL
    }

    /// A log-safe summary (the shared secret is redacted).
    public var description: String {
        "ReceiptVerificationConfiguration(productionURL: \(productionURL), sandboxURL: \(sandboxURL), "
            + "allowSandbox: \(allowSandbox), startingEnvironment: \(startingEnvironment), sharedSecret: "
            + (sharedSecret == nil ? "nil" : "<redacted>") + ")"
    }
}
