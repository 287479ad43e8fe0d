package import AppStoreAPI
package import AppStoreModels
import Crypto
import Foundation
package import Storekeeper

/// Codes of the errors operators see when Apple refuses or cannot answer an Apple-side action.
extension StorekeeperError.Code {
    /// Apple: the subscription already had the maximum extensions (two in 365 days).
    package static let extensionLimitReached = Self(rawValue: "extensionLimitReached")
    /// Apple: the subscription's state does not allow an extension (free offer period, billing
    /// retry, past grace period, expired, Family Sharing).
    package static let extensionIneligible = Self(rawValue: "extensionIneligible")
    /// Apple refused the request for a reason not listed above (its error code is in the message).
    package static let appleRefused = Self(rawValue: "appleRefused")
}

/// Apple-side actions' plumbing shared by extensions, resync and the inbox.
package enum AppleSide {
    /// The App Store Server API client of `environment` for the app; a `notConfigured` conflict
    /// when the app has no key for it.
    package static func client(_ runtime: AppRuntime, _ environment: AppStoreEnvironment) throws -> AppStoreServerAPIClient {
        guard let client = runtime.apple?.serverAPI[environment] else {
            throw StorekeeperError(
                .notConfigured, "the app has no App Store Server API key for \(environment.rawValue)", kind: .conflict)
        }
        return client
    }

    /// The app's connection to Apple; a `notConfigured` conflict without one.
    package static func connection(_ runtime: AppRuntime) throws -> AppleConnection {
        guard let connection = runtime.apple, !connection.serverAPI.isEmpty else {
            throw StorekeeperError(.notConfigured, "the app has no App Store Server API key", kind: .conflict)
        }
        return connection
    }

    /// The environment an operator means: the one named, else production when the app serves
    /// it, else its only other one. Refused when the app does not serve it.
    package static func environment(_ name: String?, of app: AppConfiguration) throws -> AppStoreEnvironment {
        if let name {
            let environment = AppStoreEnvironment(rawValue: name)
            guard app.environments.contains(environment) else {
                throw StorekeeperError.invalidRequest("environment must be one the app serves: \(served(app))")
            }
            return environment
        }
        if app.environments.contains(.production) { return .production }
        guard let only = app.environments.sorted(by: { $0.rawValue < $1.rawValue }).first else {
            throw StorekeeperError.invalidRequest("the app serves no environment")
        }
        return only
    }

    private static func served(_ app: AppConfiguration) -> String {
        app.environments.map(\.rawValue).sorted().joined(separator: ", ")
    }

    /// Apple's request identifier for an operator action: a UUID derived from the app, the
    /// action and the operator's idempotency key, so a replay sends Apple the same identifier
    /// and Apple does not act twice either.
    package static func requestIdentifier(app: String, action: String, key: String) -> String {
        let digest = Array(SHA256.hash(data: Data("\(app)\u{0}\(action)\u{0}\(key)".utf8)))
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5 layout (name-based, SHA)
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.lowercasedString
    }

    /// Apple's refusal or failure as the operator's typed error, Apple's code kept in the
    /// message: retryable failures are `unavailable`, Apple's limits conflicts, unknown
    /// identifiers `notFound`, any other refusal an upstream failure.
    package static func error(_ error: AppStoreAPIError) -> StorekeeperError {
        if error.isRetryable {
            return .unavailable("Apple could not answer; retry later", underlying: error)
        }
        let apple = error.errorCode.map { " (Apple error \($0.rawValue))" } ?? ""
        switch error.errorCode ?? APIErrorCode(rawValue: 0) {
        case .subscriptionMaxExtension:
            return StorekeeperError(
                .extensionLimitReached, "the subscription already had two renewal-date extensions in 365 days" + apple,
                kind: .conflict, underlying: error)
        case .subscriptionExtensionIneligible:
            return StorekeeperError(
                .extensionIneligible,
                "the subscription's state does not allow an extension (free offer, billing retry, expired)" + apple,
                kind: .conflict, underlying: error)
        case .familySharedSubscriptionExtensionIneligible:
            return StorekeeperError(
                .extensionIneligible, "a Family Sharing subscription cannot be extended directly" + apple, kind: .conflict,
                underlying: error)
        case .originalTransactionIdNotFound, .transactionIdNotFound, .statusRequestNotFound, .testNotificationNotFound:
            return StorekeeperError(.notFound, "Apple does not know it" + apple, kind: .notFound, underlying: error)
        default:
            if error.httpStatus == 400 {
                return StorekeeperError(
                    .invalidRequest, "Apple refused the request as invalid" + apple, kind: .invalidRequest, underlying: error)
            }
            return StorekeeperError(.appleRefused, "Apple refused the request" + apple, kind: .upstreamFailure, underlying: error)
        }
    }
}
