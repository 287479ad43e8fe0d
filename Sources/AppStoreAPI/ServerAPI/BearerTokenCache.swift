import AppStoreVerification
import Foundation
import Synchronization

/// Caches the ES256 bearer token of the App Store Server API and signs a new one shortly before
/// the cached one expires (or if the clock moved backwards past its `iat`), so steady traffic
/// signs about one token per `lifetime` instead of one per request.
final class BearerTokenCache: Sendable {
    private struct Entry {
        var token: String
        var issuedAt: Date
        var expiresAt: Date
    }

    private let signer: AppStoreServerAPIToken
    private let lifetime: TimeInterval
    private let renewalMargin: TimeInterval
    private let entry = Mutex<Entry?>(nil)

    /// - Parameters:
    ///   - lifetime: The token's lifetime (Apple rejects more than 60 minutes).
    ///   - renewalMargin: How long before expiry a new token is signed.
    init(signer: AppStoreServerAPIToken, lifetime: Duration, renewalMargin: Duration) {
        self.signer = signer
        self.lifetime = min(max(lifetime.seconds, 60), AppStoreServerAPIToken.maximumLifetime)
        self.renewalMargin = min(max(renewalMargin.seconds, 0), self.lifetime / 2)
    }

    /// A token valid at `now` for at least `renewalMargin`.
    func token(now: Date) throws(AppStoreAPIError) -> String {
        if let cached = entry.withLock({ $0 }), isUsable(cached, now: now) {
            return cached.token
        }
        // `iat` has whole-second precision; sign with the truncated instant so that the cached
        // expiry equals the token's `exp`.
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let token: String
        do {
            token = try signer.token(issuedAt: issuedAt, lifetime: lifetime)
        } catch {
            throw AppStoreAPIError(.signing, "Could not sign the App Store Server API token: \(error).")
        }
        let fresh = Entry(token: token, issuedAt: issuedAt, expiresAt: issuedAt.addingTimeInterval(lifetime))
        entry.withLock { $0 = fresh }
        return token
    }

    /// Drops the cached token (after Apple answered 401 to it).
    func invalidate() {
        entry.withLock { $0 = nil }
    }

    private func isUsable(_ cached: Entry, now: Date) -> Bool {
        now >= cached.issuedAt.addingTimeInterval(-60) && now < cached.expiresAt.addingTimeInterval(-renewalMargin)
    }
}
