import AppStoreVerification
import Foundation
import Synchronization

/// Signs bearer tokens: the App Store Server API's (per app) and the App Store Connect API's
/// (per team key).
protocol BearerTokenSigner: Sendable {
    /// The longest lifetime Apple accepts for the token.
    static var maximumLifetime: TimeInterval { get }
    /// A token valid from `issuedAt` for `lifetime`.
    func token(issuedAt: Date, lifetime: TimeInterval) throws -> String
    /// Names the API in errors.
    var apiName: String { get }
}

extension AppStoreServerAPIToken: BearerTokenSigner {
    var apiName: String { "App Store Server API" }
}

extension AppStoreConnectAPIToken: BearerTokenSigner {
    var apiName: String { "App Store Connect API" }
}

/// Caches the ES256 bearer token of the App Store Server API (or App Store Connect API) and signs a new one shortly before
/// the cached one expires (or if the clock moved backwards past its `iat`), so steady traffic
/// signs about one token per `lifetime` instead of one per request.
final class BearerTokenCache: Sendable {
    private struct Entry {
        var token: String
        var issuedAt: Date
        var expiresAt: Date
    }

    private let signer: any BearerTokenSigner
    private let lifetime: TimeInterval
    private let renewalMargin: TimeInterval
    private let entry = Mutex<Entry?>(nil)

    /// - Parameters:
    ///   - lifetime: The token's lifetime (Apple rejects more than 60 minutes).
    ///   - renewalMargin: How long before expiry a new token is signed.
    init<Signer: BearerTokenSigner>(signer: Signer, lifetime: Duration, renewalMargin: Duration) {
        self.signer = signer
        self.lifetime = min(max(lifetime.seconds, 60), Signer.maximumLifetime)
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
            throw AppStoreAPIError(.signing, "Could not sign the \(signer.apiName) token: \(error).", underlying: error)
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
