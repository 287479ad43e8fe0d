/// The `externalPurchaseToken` of an `EXTERNAL_PURCHASE_TOKEN` notification (apps using the
/// External Purchase API).
public struct ExternalPurchaseToken: Hashable, Sendable, Codable {
    /// The unique identifier of the token; use it when reporting to the External Purchase Server
    /// API.
    public var externalPurchaseId: String
    /// When the system created the token (milliseconds since 1970).
    public var tokenCreationDate: Timestamp
    /// The App Store's identifier of the app the token was created for.
    public var appAppleId: Int64
    /// The bundle identifier of the app the token was created for.
    public var bundleId: String
    /// When the token expires (milliseconds since 1970); custom link tokens only.
    public var tokenExpirationDate: Timestamp?
    /// `SERVICES` or `ACQUISITION`; custom link tokens only.
    public var tokenType: ExternalPurchaseTokenType?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        externalPurchaseId: String,
        tokenCreationDate: Timestamp,
        appAppleId: Int64,
        bundleId: String,
        tokenExpirationDate: Timestamp? = nil,
        tokenType: ExternalPurchaseTokenType? = nil
    ) {
        self.externalPurchaseId = externalPurchaseId
        self.tokenCreationDate = tokenCreationDate
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.tokenExpirationDate = tokenExpirationDate
        self.tokenType = tokenType
    }
}
