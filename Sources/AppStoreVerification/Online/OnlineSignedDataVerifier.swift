public import AppStoreModels
import Foundation

/// `SignedDataVerifier` plus the online checks: every certificate must also be valid *now*, and
/// none revoked. A network failure is `retryableVerificationFailure`, never acceptance and never
/// a final rejection.
public struct OnlineSignedDataVerifier: Sendable {
    public let offline: SignedDataVerifier
    private let revocation: any RevocationChecking
    private let clock: any WallClock

    public init(offline: SignedDataVerifier, revocation: any RevocationChecking, clock: any WallClock = SystemClock()) {
        self.offline = offline
        self.revocation = revocation
        self.clock = clock
    }

    public func verifyTransaction(_ signed: String) async throws(VerificationError) -> JWSTransactionDecodedPayload {
        let (transaction, chain) = try offline.verifyTransactionAndChain(signed)
        try await checkOnline([chain])
        return transaction
    }

    public func verifyRenewalInfo(_ signed: String) async throws(VerificationError) -> JWSRenewalInfoDecodedPayload {
        let (renewalInfo, chain) = try offline.verifyRenewalInfoAndChain(signed)
        try await checkOnline([chain])
        return renewalInfo
    }

    public func verifyAppTransaction(_ signed: String) async throws(VerificationError) -> AppTransaction {
        let (appTransaction, chain) = try offline.verifyAppTransactionAndChain(signed)
        try await checkOnline([chain])
        return appTransaction
    }

    public func verifyNotification(_ signedPayload: String) async throws(VerificationError) -> VerifiedNotification {
        let (notification, chains) = try offline.verifyNotificationAndChains(signedPayload)
        try await checkOnline(chains)
        return notification
    }

    private func checkOnline(_ chains: [AppleCertificateChain]) async throws(VerificationError) {
        let time = clock.now
        let milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded(.down))
        var checked = Set<String>()
        for chain in chains where checked.insert(chain.leaf.serialNumber.description).inserted {
            guard chain.isValid(atMilliseconds: milliseconds) else {
                throw .certificateExpired("certificate chain is not valid now (\(Timestamp(time)))")
            }
            try await revocation.check(chain, at: time)
        }
    }
}
