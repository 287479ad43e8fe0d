public import AppStoreVerification
public import Crypto

extension AppConfiguration {
    /// The team API key and vendor number for App Store Connect's Sales and Trends and finance
    /// reports (keys under `app.<id>.reports.`):
    /// - `reports.issuerId`, `reports.keyId`: the team key's issuer and key IDs (App Store Connect ›
    ///   Users and Access › Integrations › Team Keys; a key with the Sales or Finance role);
    /// - `reports.privateKey` (PEM, secret) or `reports.privateKeyPath`: the team key (.p8);
    /// - `reports.vendorNumber`: from Payments and Financial Reports;
    /// - `reports.baseURL`: replaces `https://api.appstoreconnect.apple.com` (the simulator;
    ///   development mode only);
    /// - `reports.trailingDays` (default 3, 1...30): how many of the latest published days the
    ///   scheduled fetch downloads again each time a new day is published (Apple revises them);
    /// - `reports.requestsPerHour` (default 3500, 1...100000): the key's rolling-hour request limit,
    ///   as Apple's `X-Rate-Limit` header states it for the key (Apple's example is 3500 and it says
    ///   actual limits vary); the fetcher spends no more than this.
    ///
    /// Absent when no key is configured; a key without its IDs or vendor number stops the server.
    public struct ReportsCredentials: Sendable {
        public var issuerId: String
        public var keyId: String
        public var privateKey: P256.Signing.PrivateKey
        public var vendorNumber: String
        public var baseURL: String?
        public var trailingDays: Int
        public var requestsPerHour: Int

        public init(
            issuerId: String, keyId: String, privateKey: P256.Signing.PrivateKey, vendorNumber: String, baseURL: String? = nil,
            trailingDays: Int = 3, requestsPerHour: Int = 3500
        ) {
            self.issuerId = issuerId
            self.keyId = keyId
            self.privateKey = privateKey
            self.vendorNumber = vendorNumber
            self.baseURL = baseURL
            self.trailingDays = trailingDays
            self.requestsPerHour = requestsPerHour
        }

        /// The bearer-token signer for the App Store Connect API.
        public func token() throws -> AppStoreConnectAPIToken {
            try AppStoreConnectAPIToken(privateKey: privateKey, keyId: keyId, issuerId: issuerId)
        }
    }

    package static func reports(
        _ settings: SettingsReader, mode: StorekeeperConfiguration.Mode
    ) throws(ConfigurationError) -> ReportsCredentials? {
        guard let pem = try pem(settings, inline: "privateKey", path: "privateKeyPath") else { return nil }
        let key: P256.Signing.PrivateKey
        do {
            key = try ES256Signer.privateKey(p8: pem)
        } catch {
            throw ConfigurationError(key: settings.name(["privateKey"]), "is not a PEM P-256 private key (.p8)")
        }
        let vendorNumber = try settings.requiredString("vendorNumber")
        guard !vendorNumber.isEmpty, vendorNumber.utf8.count <= 64, vendorNumber.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw ConfigurationError(key: settings.name(["vendorNumber"]), "must be the digits of the vendor number")
        }
        let baseURL = try settings.string("baseURL")
        if let baseURL {
            guard mode == .development else {
                throw ConfigurationError(key: settings.name(["baseURL"]), "a custom App Store Connect API URL needs development mode")
            }
            guard baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://") else {
                throw ConfigurationError(key: settings.name(["baseURL"]), "must be an http(s) URL")
            }
        }
        let trailingDays = try settings.int("trailingDays") ?? 3
        guard (1...30).contains(trailingDays) else {
            throw ConfigurationError(key: settings.name(["trailingDays"]), "must be 1...30 days")
        }
        let requestsPerHour = try settings.int("requestsPerHour") ?? 3500
        guard (1...100_000).contains(requestsPerHour) else {
            throw ConfigurationError(key: settings.name(["requestsPerHour"]), "must be 1...100000 requests")
        }
        return ReportsCredentials(
            issuerId: try settings.requiredString("issuerId"), keyId: try settings.requiredString("keyId"), privateKey: key,
            vendorNumber: vendorNumber, baseURL: baseURL, trailingDays: trailingDays, requestsPerHour: requestsPerHour)
    }
}
