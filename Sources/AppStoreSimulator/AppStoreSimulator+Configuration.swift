import AppStoreModels
import Crypto
import Foundation

extension AppStoreSimulator {
    /// Adds or reconfigures an app. Products given are added or replaced (others are kept). An
    /// app without an API key or offer key gets generated ones, whose private halves
    /// ``credentials(bundleId:)`` returns.
    @discardableResult
    public func configureApp(_ app: SimulatedApp) throws -> SimulatedApp {
        try mutate { (engine, _) throws(SimulatorError) -> SimulatedApp in
            guard !app.bundleId.isEmpty else { throw .invalidRequest("bundleId is empty") }
            var configured = app
            let existing = engine.state.apps[app.bundleId]
            configured.products = (existing?.products ?? [:]).merging(app.products) { $1 }
            if configured.apiKey == nil {
                configured.apiKey = existing?.apiKey ?? Self.generatedAPIKey()
            }
            if configured.offerKeys.isEmpty {
                configured.offerKeys = existing?.offerKeys ?? [Self.generatedOfferKey()]
            }
            for key in configured.offerKeys {
                guard (try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM)) != nil else {
                    throw .invalidRequest("offer key \(key.keyId) is not a P-256 public key in PEM")
                }
            }
            if let key = configured.apiKey, (try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM)) == nil {
                throw .invalidRequest("API key \(key.keyId) is not a P-256 public key in PEM")
            }
            engine.state.apps[app.bundleId] = configured
            return configured
        }
    }

    /// Adds or replaces products of an app.
    public func upsertProducts(_ products: [CatalogProduct], bundleId: String) throws {
        try mutate { (engine, _) throws(SimulatorError) in
            _ = try engine.app(bundleId)
            for product in products {
                if product.isAutoRenewable {
                    guard product.subscriptionGroupId != nil, product.period != nil else {
                        throw .invalidRequest("auto-renewable \(product.productId) needs subscriptionGroupId and period")
                    }
                }
                engine.state.apps[bundleId]?.products[product.productId] = product
            }
        }
    }

    /// Adds or replaces an account (use ``setPaymentFails(accountId:fails:)`` to make a payment
    /// method fail or recover, so billing retries react).
    public func upsertAccount(_ account: SimulatedAccount) throws {
        try mutate { (engine, _) throws(SimulatorError) in
            guard !account.id.isEmpty else { throw .invalidRequest("account id is empty") }
            _ = try engine.storefront(account.storefront)
            engine.state.accounts[account.id] = account
        }
    }

    /// Adds or replaces many accounts in one change (a test's or a benchmark's thousands of
    /// customers: one account a change would copy the whole account table each time).
    public func upsertAccounts(_ accounts: [SimulatedAccount]) throws {
        try mutate { (engine, _) throws(SimulatorError) in
            for account in accounts {
                guard !account.id.isEmpty else { throw .invalidRequest("account id is empty") }
                _ = try engine.storefront(account.storefront)
                engine.state.accounts[account.id] = account
            }
        }
    }

    /// Adds or replaces a storefront.
    public func upsertStorefront(_ storefront: Storefront) throws {
        try mutate { (engine, _) throws(SimulatorError) in
            guard storefront.code.count == 3, storefront.currency.count == 3, !storefront.storefrontId.isEmpty else {
                throw .invalidRequest("a storefront needs an alpha-3 code, a storefront ID and an ISO 4217 currency")
            }
            engine.state.storefronts[storefront.code] = storefront
        }
    }

    /// The keys an app's server needs to talk to this simulator: the API key (.p8 PEM, key ID,
    /// issuer), the offer signing keys and the shared secret.
    public func credentials(bundleId: String) throws -> SimulatedApp {
        try engine.withLock { (engine) throws(SimulatorError) -> SimulatedApp in try engine.app(bundleId) }
    }

    static func generatedAPIKey() -> SimulatedApp.APIKey {
        let key = P256.Signing.PrivateKey()
        return SimulatedApp.APIKey(
            keyId: "SIM" + randomSuffix(7), issuerId: UUID.random().lowercasedString,
            publicKeyPEM: key.publicKey.pemRepresentation, privateKeyPEM: key.pemRepresentation)
    }

    static func generatedOfferKey() -> SimulatedApp.OfferKey {
        let key = P256.Signing.PrivateKey()
        return SimulatedApp.OfferKey(
            keyId: "OFFER" + randomSuffix(5), publicKeyPEM: key.publicKey.pemRepresentation,
            privateKeyPEM: key.pemRepresentation)
    }

    private static func randomSuffix(_ count: Int) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        return String((0..<count).map { _ in alphabet.randomElement() ?? "X" })
    }
}
