public import Foundation

/// The decoded payload of a signed app transaction (`JWSAppTransaction`, Apple's
/// `JWSAppTransactionDecodedPayload`): the customer's acquisition of the app itself.
///
/// Returned by Get App Transaction Info, nested in `RESCIND_CONSENT` notifications
/// (`signedAppTransactionInfo`), and produced by StoreKit's `AppTransaction` on device. Every field
/// is optional; dates are ``Timestamp``s.
public struct AppTransaction: Hashable, Sendable, Codable {
    /// The server environment that signed the app transaction (JSON key `receiptType`).
    public var receiptType: AppStoreEnvironment?
    /// The App Store's identifier of the app (absent in sandbox).
    public var appAppleId: Int64?
    /// The bundle identifier the app transaction applies to.
    public var bundleId: String?
    /// The app version the app transaction applies to (CFBundleVersion on iOS,
    /// CFBundleShortVersionString on macOS).
    public var applicationVersion: String?
    /// The App Store's identifier of that app version (0 in sandbox).
    public var versionExternalIdentifier: Int64?
    /// When the App Store signed the app transaction (milliseconds since 1970).
    public var receiptCreationDate: Timestamp?
    /// When the customer originally acquired the app (milliseconds since 1970).
    public var originalPurchaseDate: Timestamp?
    /// The app version the customer originally acquired.
    public var originalApplicationVersion: String?
    /// Base64 value to check that the app transaction belongs to the device (StoreKit only).
    public var deviceVerification: String?
    /// The nonce used to compute `deviceVerification`.
    public var deviceVerificationNonce: UUID?
    /// When the customer pre-ordered the app, if they did (milliseconds since 1970).
    public var preorderDate: Timestamp?
    /// The unique identifier of the app download transaction.
    public var appTransactionId: String?
    /// The platform on which the customer originally acquired the app.
    public var originalPlatform: PurchasePlatform?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        receiptType: AppStoreEnvironment? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        applicationVersion: String? = nil,
        versionExternalIdentifier: Int64? = nil,
        receiptCreationDate: Timestamp? = nil,
        originalPurchaseDate: Timestamp? = nil,
        originalApplicationVersion: String? = nil,
        deviceVerification: String? = nil,
        deviceVerificationNonce: UUID? = nil,
        preorderDate: Timestamp? = nil,
        appTransactionId: String? = nil,
        originalPlatform: PurchasePlatform? = nil
    ) {
        self.receiptType = receiptType
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.applicationVersion = applicationVersion
        self.versionExternalIdentifier = versionExternalIdentifier
        self.receiptCreationDate = receiptCreationDate
        self.originalPurchaseDate = originalPurchaseDate
        self.originalApplicationVersion = originalApplicationVersion
        self.deviceVerification = deviceVerification
        self.deviceVerificationNonce = deviceVerificationNonce
        self.preorderDate = preorderDate
        self.appTransactionId = appTransactionId
        self.originalPlatform = originalPlatform
    }

    /// When the App Store signed the app transaction; the same instant as ``receiptCreationDate``.
    public var signedDate: Timestamp? { receiptCreationDate }
}
