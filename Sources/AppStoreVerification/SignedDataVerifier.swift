public import AppStoreModels

/// Verifies StoreKit 2 signed data — transactions, renewal infos, app transactions and
/// App Store Server Notifications V2 — and binds it to an app and environments.
///
/// Offline and synchronous: certificate validity is judged at the time each payload was
/// signed, so data Apple signed years ago still verifies after the leaf certificate expires.
/// Chains are cached by their exact bytes, so a steady-state verification costs one ES256
/// check plus decoding. Use `OnlineSignedDataVerifier` to add revocation checks.
public struct SignedDataVerifier: Sendable {
    public let expectations: VerificationExpectations
    let jws: JWSVerifier

    /// - Parameters:
    ///   - trustedRoots: defaults to Apple Root CA - G3; pass the simulator's root to trust it.
    ///   - expectations: the app and environments data must belong to.
    ///   - chainCacheCapacity: distinct chains kept verified (Apple uses a handful).
    public init(
        trustedRoots: TrustedRoots = .appleRootCAG3,
        expectations: VerificationExpectations = .init(),
        chainCacheCapacity: Int = 64
    ) {
        self.expectations = expectations
        self.jws = JWSVerifier(trustedRoots: trustedRoots, cacheCapacity: chainCacheCapacity)
    }

    public var trustedRoots: TrustedRoots { jws.trustedRoots }

    /// A signed transaction (`signedTransactionInfo`, or one from the Server API).
    public func verifyTransaction(_ signed: String) throws(VerificationError) -> JWSTransactionDecodedPayload {
        try verifyTransactionAndChain(signed).0
    }

    /// A signed renewal info (`signedRenewalInfo`). It names no bundle ID; only its environment
    /// is bound.
    public func verifyRenewalInfo(_ signed: String) throws(VerificationError) -> JWSRenewalInfoDecodedPayload {
        try verifyRenewalInfoAndChain(signed).0
    }

    /// A signed app transaction; validity is judged at its `receiptCreationDate`.
    public func verifyAppTransaction(_ signed: String) throws(VerificationError) -> AppTransaction {
        try verifyAppTransactionAndChain(signed).0
    }

    /// A notification's `signedPayload`, with every signed value nested in it verified too and
    /// bound to the same app and environment as the notification.
    public func verifyNotification(_ signedPayload: String) throws(VerificationError) -> VerifiedNotification {
        try verifyNotificationAndChains(signedPayload).0
    }

    /// A notification request body: `{"signedPayload":"..."}` as Apple POSTs it.
    public func verifyNotificationBody(_ body: [UInt8]) throws(VerificationError) -> VerifiedNotification {
        try verifyNotification(Self.signedPayload(fromBody: body))
    }

    /// How deep a notification request body may nest: `{"signedPayload": "..."}` and room for
    /// members Apple may add beside it.
    public static let notificationBodyMaxDepth = 4

    /// The `signedPayload` of a notification request body.
    public static func signedPayload(fromBody body: [UInt8]) throws(VerificationError) -> String {
        do {
            return try JSONCoding.decodeStrict(ResponseBodyV2.self, from: body, maxDepth: notificationBodyMaxDepth)
                .signedPayload
        } catch {
            throw .malformed("notification body is not {\"signedPayload\": ...}: \(error)")
        }
    }

    // MARK: With the chains that signed them (for online checks)

    func verifyTransactionAndChain(
        _ signed: String
    ) throws(VerificationError) -> (JWSTransactionDecodedPayload, AppleCertificateChain) {
        let (transaction, chain) = try jws.verify(signed, as: JWSTransactionDecodedPayload.self) { $0.signedDate }
        try expectations.check(transaction.claims, what: "transaction")
        return (transaction, chain)
    }

    func verifyRenewalInfoAndChain(
        _ signed: String
    ) throws(VerificationError) -> (JWSRenewalInfoDecodedPayload, AppleCertificateChain) {
        let (renewalInfo, chain) = try jws.verify(signed, as: JWSRenewalInfoDecodedPayload.self) { $0.signedDate }
        try expectations.check(renewalInfo.claims, what: "renewal info")
        return (renewalInfo, chain)
    }

    func verifyAppTransactionAndChain(
        _ signed: String
    ) throws(VerificationError) -> (AppTransaction, AppleCertificateChain) {
        let (appTransaction, chain) = try jws.verify(signed, as: AppTransaction.self) { $0.receiptCreationDate }
        try expectations.check(appTransaction.claims, what: "app transaction")
        return (appTransaction, chain)
    }

    func verifyNotificationAndChains(
        _ signedPayload: String
    ) throws(VerificationError) -> (VerifiedNotification, [AppleCertificateChain]) {
        let (payload, chain) = try jws.verify(signedPayload, as: ResponseBodyV2DecodedPayload.self) { $0.signedDate }
        let claims = payload.claims
        try expectations.check(claims, what: "notification")
        var chains = [chain]

        // Nested data must agree with the notification that carries it, whatever the caller expects.
        let nested = VerificationExpectations(
            bundleId: claims.bundleId, appAppleId: claims.appAppleId,
            environments: claims.environment.map { [$0] })
        var notification = VerifiedNotification(payload: payload)
        if let signed = payload.data?.signedTransactionInfo {
            let (transaction, chain) = try verifyTransactionAndChain(signed)
            try nested.check(transaction.claims, what: "nested transaction")
            notification.transaction = transaction
            chains.append(chain)
        }
        if let signed = payload.data?.signedRenewalInfo {
            let (renewalInfo, chain) = try verifyRenewalInfoAndChain(signed)
            try nested.check(renewalInfo.claims, what: "nested renewal info")
            notification.renewalInfo = renewalInfo
            chains.append(chain)
        }
        if let signed = payload.appData?.signedAppTransactionInfo {
            let (appTransaction, chain) = try verifyAppTransactionAndChain(signed)
            try nested.check(appTransaction.claims, what: "nested app transaction")
            notification.appTransaction = appTransaction
            chains.append(chain)
        }
        return (notification, chains)
    }
}

/// A verified notification and the verified values nested in it.
public struct VerifiedNotification: Sendable, Hashable {
    public var payload: ResponseBodyV2DecodedPayload
    public var transaction: JWSTransactionDecodedPayload?
    public var renewalInfo: JWSRenewalInfoDecodedPayload?
    public var appTransaction: AppTransaction?

    public init(
        payload: ResponseBodyV2DecodedPayload, transaction: JWSTransactionDecodedPayload? = nil,
        renewalInfo: JWSRenewalInfoDecodedPayload? = nil, appTransaction: AppTransaction? = nil
    ) {
        self.payload = payload
        self.transaction = transaction
        self.renewalInfo = renewalInfo
        self.appTransaction = appTransaction
    }
}
