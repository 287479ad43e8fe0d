public import AppStoreModels

/// What the caller requires signed data to be about: its app and the environments it accepts.
///
/// A `nil` property is not checked. With nothing set, a verifier checks signature and chain
/// only (as `storekeeper verify` does without `--bundle-id`/`--environment`).
public struct VerificationExpectations: Sendable, Hashable {
    /// The app's bundle ID; payloads for any other app are rejected with `wrongBundleId`.
    public var bundleId: String?
    /// The app's Apple ID. Production payloads must carry it and match; Sandbox and Xcode
    /// payloads often omit it (Apple sends it only for apps on the store), so absence is accepted
    /// there while a present, different value is still rejected.
    public var appAppleId: Int64?
    /// Environments accepted; anything else is rejected with `wrongEnvironment`.
    public var environments: Set<AppStoreEnvironment>?

    public init(bundleId: String? = nil, appAppleId: Int64? = nil, environments: Set<AppStoreEnvironment>? = nil) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environments = environments
    }

    /// Checks what a payload says about its app against these expectations.
    func check(_ claims: AppClaims, what: String) throws(VerificationError) {
        if let environments {
            guard let environment = claims.environment else {
                throw .missingField("\(what) names no environment")
            }
            guard environments.contains(environment) else {
                throw .wrongEnvironment("\(what) is for \(environment), accepted: \(environments.map(\.rawValue).sorted())")
            }
        }
        if let bundleId, claims.checksBundleId {
            guard let actual = claims.bundleId else { throw .missingField("\(what) names no bundle ID") }
            guard actual == bundleId else {
                throw .wrongBundleId("\(what) is for bundle ID \(actual), expected \(bundleId)")
            }
        }
        if let appAppleId, claims.checksAppAppleId {
            switch claims.appAppleId {
            case .some(appAppleId):
                break
            case .some(let other):
                throw .wrongAppAppleId("\(what) is for app Apple ID \(other), expected \(appAppleId)")
            case .none where claims.environment == .production:
                throw .wrongAppAppleId("production \(what) carries no app Apple ID, expected \(appAppleId)")
            case .none:
                break
            }
        }
    }
}

/// What one payload says about the app and environment it belongs to.
struct AppClaims {
    var bundleId: String?
    var appAppleId: Int64?
    var environment: AppStoreEnvironment?
    /// Renewal infos carry no bundle ID; nothing to compare there.
    var checksBundleId = true
    /// Transactions and renewal infos carry no app Apple ID.
    var checksAppAppleId = true
}
