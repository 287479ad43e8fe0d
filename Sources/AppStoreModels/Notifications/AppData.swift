/// The `appData` of a `RESCIND_CONSENT` notification: app metadata and the signed app transaction.
public struct AppData: Hashable, Sendable, Codable {
    /// The App Store's identifier of the app; absent in the sandbox environment.
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The environment the notification applies to.
    public var environment: AppStoreEnvironment?
    /// The app transaction, signed by the App Store (JWS of an ``AppTransaction``).
    public var signedAppTransactionInfo: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        environment: AppStoreEnvironment? = nil,
        signedAppTransactionInfo: String? = nil
    ) {
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.environment = environment
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }
}
