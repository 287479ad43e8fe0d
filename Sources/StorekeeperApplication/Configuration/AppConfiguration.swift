import AppStoreAPI
public import AppStoreModels
public import AppStoreVerification
public import Crypto
import Foundation
public import Storekeeper

/// One app Storekeeper serves: its identity at Apple, what it sells, its policies and credentials.
///
/// ## Configuration keys (under `app.<id>.`)
/// - `bundleId` (required), `appAppleId` (integer; Apple omits it in sandbox).
/// - `environments` (array, default `["Production", "Sandbox"]`; with `policy.sandbox` `reject`,
///   only Production): environments whose data is accepted.
/// - `policy.transfer` (`transfer` | `keep` | `refuse`), `policy.debt` (`allow_negative` |
///   `clamp`), `policy.billingRetryGrantsAccess` (bool), `policy.orderLifetimeSeconds`,
///   `policy.paymentInProgressSeconds`, `policy.introOffers` (`apple` | `once_per_group`),
///   `policy.sandbox` (`reject` | `allow_for_review`).
/// - `sharedSecret` (secret): the app-specific shared secret (verifyReceipt, V1 notifications).
/// - `serverAPI.issuerId`, `serverAPI.keyId`, `serverAPI.privateKey` (PEM, secret) or
///   `serverAPI.privateKeyPath`: the in-app purchase key for the App Store Server API;
///   `serverAPI.productionURL` / `serverAPI.sandboxURL` override Apple's hosts (the simulator,
///   development only; Apple's earlier hosts `api.storekit.itunes.apple.com` /
///   `api.storekit-sandbox.itunes.apple.com` are accepted in production too); against others requests are not rate-limited unless `serverAPI.appleBudget` is true (spend
///   Apple's published budgets, to measure against a simulator that enforces them).
/// - `offers.keyId`, `offers.privateKey` / `offers.privateKeyPath`: the subscription offer key.
/// - `answerKeys` (array of names, the first signs), `answerKey.<name>.privateKey` (PEM, secret) /
///   `answerKey.<name>.privateKeyPath`: the keys signing answers to the app (``AnswerSigningKey``).
/// - `reports.issuerId`, `reports.keyId`, `reports.privateKey` (PEM, secret) or
///   `reports.privateKeyPath`, `reports.vendorNumber`, `reports.baseURL` (simulator only): the
///   team key for App Store Connect's sales and finance reports (``ReportsCredentials``).
/// - `trustedRoots`, `receiptRoots` (arrays of PEM file paths): trust anchors replacing Apple's
///   (development only, e.g. the simulator's root).
/// - `verifyReceipt.productionURL` / `verifyReceipt.sandboxURL`: simulator only.
/// - `customerTokens.hs256Secret` (secret) and/or `customerTokens.es256PublicKey` (PEM): keys
///   the app's backend signs customer tokens with.
/// - `webhooks` (array of names), `webhook.<name>.url`, `webhook.<name>.secret` (secret).
/// - `bonus.currency`, `bonus.unitsPerMajorUnit`: the price-point difference rule.
/// - `proceeds.smallBusinessProgram` (bool, default false): the developer is in the App Store Small
///   Business Program (15 % commission throughout), for estimated proceeds (``ProceedsEstimator``).
/// - `consumption.refundPreference` (`DECLINE` | `GRANT_FULL` | `GRANT_PRORATED`),
///   `consumption.sampleContentProvided` (bool): the app's stance in CONSUMPTION_REQUEST answers.
/// - `products` (array of product ids) and per product `product.<productId>.kind`
///   (`consumable` | `non_consumable` | `non_renewing_subscription` |
///   `auto_renewable_subscription`), `.entitlements` (array), `.currencies` (array of
///   `CURRENCY=AMOUNT`), `.duration` (ISO 8601, e.g. `P1M`), `.group`, `.level`, `.prices`
///   (array of `STOREFRONT:CURRENCY:MILLIUNITS`).
public struct AppConfiguration: Sendable {
    public var id: String
    public var bundleId: String
    public var appAppleId: Int64?
    public var environments: Set<AppStoreEnvironment>
    public var policy: AppPolicy
    public var catalog: Catalog
    public var sharedSecret: String?
    public var serverAPI: ServerAPICredentials?
    public var offerKey: OfferKey?
    /// The keys signing answers to the app, in order: the first signs, all are published.
    public var answerKeys: [AnswerSigningKey] = []
    /// The App Store Connect API team key and vendor number for reports, when configured.
    public var reports: ReportsCredentials?
    public var jwsRoots: TrustedRoots
    public var receiptRoots: TrustedRoots
    /// Whether the trust anchors were replaced (never in production mode).
    public var usesCustomRoots: Bool
    public var verifyReceiptURLs: (production: String, sandbox: String)?
    public var customerTokens: CustomerTokenKeys
    public var webhooks: [Webhook]
    /// The customers this app names: its own (its id), its app group's, or those stored before
    /// apps were isolated (set by ``StorekeeperConfiguration``; ``CustomerSpace/preIsolation``
    /// for an app configured alone in code).
    public var customerSpace: CustomerSpace = .preIsolation
    /// The group sharing this app's customers, when it is in one.
    public var appGroup: AppGroup?
    public var bonus: BonusRule?
    public var consumption: ConsumptionSettings
    /// Whether the developer is in the App Store Small Business Program (estimated proceeds).
    public var smallBusinessProgram: Bool = false

    /// How this app's proceeds are estimated from customer prices.
    public var proceedsEstimator: ProceedsEstimator { ProceedsEstimator(smallBusinessProgram: smallBusinessProgram) }

    /// How CONSUMPTION_REQUEST answers describe the app's stance.
    public struct ConsumptionSettings: Sendable, Hashable {
        public var refundPreference: RefundPreference?
        public var sampleContentProvided: Bool

        public init(refundPreference: RefundPreference? = nil, sampleContentProvided: Bool = false) {
            self.refundPreference = refundPreference
            self.sampleContentProvided = sampleContentProvided
        }
    }

    public struct ServerAPICredentials: Sendable {
        public var issuerId: String
        public var keyId: String
        public var privateKey: P256.Signing.PrivateKey
        public var productionURL: String?
        public var sandboxURL: String?
        /// Spend Apple's published budgets even against custom URLs (Apple's hosts always do).
        public var appleBudget: Bool

        public init(
            issuerId: String, keyId: String, privateKey: P256.Signing.PrivateKey, productionURL: String? = nil,
            sandboxURL: String? = nil, appleBudget: Bool = false
        ) {
            self.issuerId = issuerId
            self.keyId = keyId
            self.privateKey = privateKey
            self.productionURL = productionURL
            self.sandboxURL = sandboxURL
            self.appleBudget = appleBudget
        }

        /// Whether a configured URL is other than Apple's own hosts (recommended or earlier):
        /// a simulator, which only development mode may name.
        public var hasCustomURLs: Bool {
            [(AppStoreEnvironment.production, productionURL), (.sandbox, sandboxURL)].contains { environment, url in
                url.map { !AppStoreServerAPIConfiguration.isAppleBaseURL($0, for: environment) } ?? false
            }
        }
    }

    public struct OfferKey: Sendable {
        public var keyId: String
        public var privateKey: P256.Signing.PrivateKey

        public init(keyId: String, privateKey: P256.Signing.PrivateKey) {
            self.keyId = keyId
            self.privateKey = privateKey
        }
    }

    public struct CustomerTokenKeys: Sendable {
        public var hs256Secret: [UInt8]?
        public var es256PublicKey: P256.Signing.PublicKey?

        public init(hs256Secret: [UInt8]? = nil, es256PublicKey: P256.Signing.PublicKey? = nil) {
            self.hs256Secret = hs256Secret
            self.es256PublicKey = es256PublicKey
        }
    }

    public struct Webhook: Sendable, Hashable {
        public var name: String
        public var url: String
        public var secret: String

        public init(name: String, url: String, secret: String) {
            self.name = name
            self.url = url
            self.secret = secret
        }
    }

    public struct BonusRule: Sendable, Hashable {
        public var currency: String
        public var unitsPerMajorUnit: Int64

        public init(currency: String, unitsPerMajorUnit: Int64) {
            self.currency = currency
            self.unitsPerMajorUnit = unitsPerMajorUnit
        }
    }

    public init(
        id: String, bundleId: String, appAppleId: Int64? = nil,
        environments: Set<AppStoreEnvironment> = [.production, .sandbox], policy: AppPolicy = AppPolicy(),
        catalog: Catalog, sharedSecret: String? = nil, serverAPI: ServerAPICredentials? = nil,
        offerKey: OfferKey? = nil, jwsRoots: TrustedRoots = .appleRootCAG3, receiptRoots: TrustedRoots = .appleIncRoot,
        usesCustomRoots: Bool = false, verifyReceiptURLs: (production: String, sandbox: String)? = nil,
        customerTokens: CustomerTokenKeys = .init(), webhooks: [Webhook] = [], bonus: BonusRule? = nil,
        consumption: ConsumptionSettings = .init(), reports: ReportsCredentials? = nil
    ) {
        self.consumption = consumption
        self.reports = reports
        self.id = id
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environments = environments
        self.policy = policy
        self.catalog = catalog
        self.sharedSecret = sharedSecret
        self.serverAPI = serverAPI
        self.offerKey = offerKey
        self.jwsRoots = jwsRoots
        self.receiptRoots = receiptRoots
        self.usesCustomRoots = usesCustomRoots
        self.verifyReceiptURLs = verifyReceiptURLs
        self.customerTokens = customerTokens
        self.webhooks = webhooks
        self.bonus = bonus
    }

    /// What signed data must be about to count for this app.
    public var expectations: VerificationExpectations {
        VerificationExpectations(bundleId: bundleId, appAppleId: appAppleId, environments: environments)
    }
}

extension AppConfiguration {
    package init(settings: SettingsReader, id: String, mode: StorekeeperConfiguration.Mode) throws(ConfigurationError) {
        guard !id.isEmpty,
            id.utf8.allSatisfy({
                $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0)
            })
        else { throw ConfigurationError(key: "apps", "app id \(id.debugDescription) must be lowercase letters, digits, - or _") }
        self.id = id
        bundleId = try settings.requiredString("bundleId")
        appAppleId = try settings.int("appAppleId").map(Int64.init)

        var policy = AppPolicy()
        let policySettings = settings.scoped("policy")
        policy.transfer = try policySettings.choice("transfer", as: TransferPolicy.self) ?? policy.transfer
        policy.debt = try policySettings.choice("debt", as: DebtPolicy.self) ?? policy.debt
        policy.billingRetryGrantsAccess = try policySettings.bool("billingRetryGrantsAccess") ?? false
        if let seconds = try policySettings.int("orderLifetimeSeconds") {
            guard seconds > 0 else { throw ConfigurationError(key: policySettings.name(["orderLifetimeSeconds"]), "must be positive") }
            policy.orderLifetimeMilliseconds = Int64(seconds) * 1000
        }
        if let seconds = try policySettings.int("paymentInProgressSeconds") {
            guard seconds >= 0 else {
                throw ConfigurationError(key: policySettings.name(["paymentInProgressSeconds"]), "must not be negative")
            }
            policy.paymentInProgressMilliseconds = Int64(seconds) * 1000
        }
        policy.introOffers = try policySettings.choice("introOffers", as: IntroOfferPolicy.self) ?? policy.introOffers
        policy.sandbox = try policySettings.choice("sandbox", as: SandboxPolicy.self) ?? policy.sandbox
        self.policy = policy

        if let names = try settings.stringArray("environments") {
            let environments = Set(names.map(AppStoreEnvironment.init(rawValue:)))
            for environment in environments
            where ![.production, .sandbox, .xcode, .localTesting].contains(environment) {
                throw ConfigurationError(key: settings.name(["environments"]), "unknown environment \(environment)")
            }
            self.environments = environments
        } else {
            environments = policy.sandbox == .reject ? [.production] : [.production, .sandbox]
        }
        if mode == .production {
            if environments.contains(.xcode) || environments.contains(.localTesting) {
                throw ConfigurationError(
                    key: settings.name(["environments"]), "production mode refuses Xcode and LocalTesting data")
            }
            if environments.contains(.sandbox) && policy.sandbox == .reject {
                throw ConfigurationError(
                    key: settings.name(["environments"]), "accepts Sandbox while policy.sandbox is reject")
            }
        }

        sharedSecret = try settings.string("sharedSecret", secret: true)
        serverAPI = try Self.serverAPI(settings.scoped("serverAPI"), mode: mode)
        offerKey = try Self.offerKey(settings.scoped("offers"))
        answerKeys = try Self.answerKeys(settings, app: id)
        reports = try Self.reports(settings.scoped("reports"), mode: mode)
        let jwsRootPaths = try settings.stringArray("trustedRoots") ?? []
        let receiptRootPaths = try settings.stringArray("receiptRoots") ?? []
        usesCustomRoots = !jwsRootPaths.isEmpty || !receiptRootPaths.isEmpty
        if usesCustomRoots && mode == .production {
            throw ConfigurationError(
                key: settings.name(["trustedRoots"]), "production mode trusts only Apple's roots; set mode to development")
        }
        jwsRoots = try Self.roots(jwsRootPaths, key: settings.name(["trustedRoots"])) ?? .appleRootCAG3
        receiptRoots = try Self.roots(receiptRootPaths, key: settings.name(["receiptRoots"])) ?? .appleIncRoot
        if let production = try settings.string("verifyReceipt", "productionURL"),
            let sandbox = try settings.string("verifyReceipt", "sandboxURL")
        {
            guard mode == .development else {
                throw ConfigurationError(key: settings.name(["verifyReceipt"]), "custom verifyReceipt URLs need development mode")
            }
            verifyReceiptURLs = (production, sandbox)
        } else {
            verifyReceiptURLs = nil
        }
        customerTokens = try Self.customerTokens(settings.scoped("customerTokens"))
        webhooks = try (settings.stringArray("webhooks") ?? []).map { (name) throws(ConfigurationError) in
            let hook = settings.scoped("webhook", name)
            let url = try hook.requiredString("url")
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw ConfigurationError(key: hook.name(["url"]), "must be an http(s) URL")
            }
            return Webhook(name: name, url: url, secret: try hook.requiredString("secret", secret: true))
        }
        if let currency = try settings.string("bonus", "currency") {
            let units = try settings.int("bonus", "unitsPerMajorUnit") ?? 0
            guard units > 0 else { throw ConfigurationError(key: settings.name(["bonus", "unitsPerMajorUnit"]), "must be positive") }
            bonus = BonusRule(currency: currency, unitsPerMajorUnit: Int64(units))
        } else {
            bonus = nil
        }
        var consumption = ConsumptionSettings()
        if let preference = try settings.string("consumption", "refundPreference") {
            let value = RefundPreference(rawValue: preference)
            guard value.isKnown else {
                throw ConfigurationError(
                    key: settings.name(["consumption", "refundPreference"]), "must be DECLINE, GRANT_FULL or GRANT_PRORATED")
            }
            consumption.refundPreference = value
        }
        consumption.sampleContentProvided = try settings.bool("consumption", "sampleContentProvided") ?? false
        self.consumption = consumption
        smallBusinessProgram = try settings.bool("proceeds", "smallBusinessProgram") ?? false
        catalog = try Self.catalog(settings)
    }

    static func pem(_ settings: SettingsReader, inline: String, path: String) throws(ConfigurationError) -> String? {
        if let text = try settings.string(inline, secret: true) { return text }
        guard let file = try settings.string(path) else { return nil }
        do {
            return try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ConfigurationError(key: settings.name([path]), "cannot read \(file): \(error.localizedDescription)")
        }
    }

    private static func privateKey(_ settings: SettingsReader) throws(ConfigurationError) -> P256.Signing.PrivateKey? {
        guard let pem = try pem(settings, inline: "privateKey", path: "privateKeyPath") else { return nil }
        do {
            return try ES256Signer.privateKey(p8: pem)
        } catch {
            throw ConfigurationError(key: settings.name(["privateKey"]), "is not a PEM P-256 private key (.p8)")
        }
    }

    private static func serverAPI(
        _ settings: SettingsReader, mode: StorekeeperConfiguration.Mode
    ) throws(ConfigurationError) -> ServerAPICredentials? {
        guard let key = try privateKey(settings) else { return nil }
        let credentials = ServerAPICredentials(
            issuerId: try settings.requiredString("issuerId"), keyId: try settings.requiredString("keyId"),
            privateKey: key, productionURL: try settings.string("productionURL"),
            sandboxURL: try settings.string("sandboxURL"), appleBudget: try settings.bool("appleBudget") ?? false)
        if mode == .production, credentials.hasCustomURLs {
            throw ConfigurationError(key: settings.name(["productionURL"]), "custom Server API URLs need development mode")
        }
        return credentials
    }

    private static func offerKey(_ settings: SettingsReader) throws(ConfigurationError) -> OfferKey? {
        guard let key = try privateKey(settings) else { return nil }
        return OfferKey(keyId: try settings.requiredString("keyId"), privateKey: key)
    }

    private static func roots(_ paths: [String], key: String) throws(ConfigurationError) -> TrustedRoots? {
        guard !paths.isEmpty else { return nil }
        do {
            let pem = try paths.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
            return try TrustedRoots(pem: pem)
        } catch {
            throw ConfigurationError(key: key, "cannot load PEM certificates: \(error)")
        }
    }

    private static func customerTokens(_ settings: SettingsReader) throws(ConfigurationError) -> CustomerTokenKeys {
        var keys = CustomerTokenKeys()
        if let secret = try settings.string("hs256Secret", secret: true) {
            guard secret.utf8.count >= 32 else {
                throw ConfigurationError(key: settings.name(["hs256Secret"]), "must be at least 32 bytes")
            }
            keys.hs256Secret = Array(secret.utf8)
        }
        if let pem = try pem(settings, inline: "es256PublicKey", path: "es256PublicKeyPath") {
            do {
                keys.es256PublicKey = try P256.Signing.PublicKey(pemRepresentation: pem)
            } catch {
                throw ConfigurationError(key: settings.name(["es256PublicKey"]), "is not a PEM P-256 public key")
            }
        }
        return keys
    }

    private static func catalog(_ settings: SettingsReader) throws(ConfigurationError) -> Catalog {
        var products: [Product] = []
        for id in try settings.stringArray("products") ?? [] {
            let product = settings.scoped("product", id)
            let kinds = "consumable, non_consumable, non_renewing_subscription or auto_renewable_subscription"
            guard let kind = try product.choice("kind", as: ProductKind.self) else {
                throw ConfigurationError(key: product.name(["kind"]), "is required: \(kinds)")
            }
            guard ProductKind.all.contains(kind) else {
                throw ConfigurationError(key: product.name(["kind"]), "must be \(kinds), not \(kind.rawValue.debugDescription)")
            }
            var currencies: [String: Int64] = [:]
            for entry in try product.stringArray("currencies") ?? [] {
                let parts = entry.split(separator: "=")
                guard parts.count == 2, let amount = Int64(parts[1]), amount > 0 else {
                    throw ConfigurationError(key: product.name(["currencies"]), "entry \(entry.debugDescription) must be CURRENCY=AMOUNT")
                }
                currencies[String(parts[0])] = amount
            }
            var duration: Period?
            if let text = try product.string("duration") {
                guard let period = Period(iso8601: text) else {
                    throw ConfigurationError(key: product.name(["duration"]), "must be an ISO 8601 period like P1M")
                }
                duration = period
            }
            var prices: [StorefrontPrice] = []
            for entry in try product.stringArray("prices") ?? [] {
                let parts = entry.split(separator: ":")
                guard parts.count == 3, let milliunits = Int64(parts[2]) else {
                    throw ConfigurationError(
                        key: product.name(["prices"]), "entry \(entry.debugDescription) must be STOREFRONT:CURRENCY:MILLIUNITS")
                }
                prices.append(StorefrontPrice(storefront: String(parts[0]), currency: String(parts[1]), milliunits: milliunits))
            }
            products.append(
                Product(
                    id: id, kind: kind, entitlements: try product.stringArray("entitlements") ?? [], currencies: currencies,
                    duration: duration, subscriptionGroup: try product.string("group"), groupLevel: try product.int("level"),
                    prices: prices))
        }
        do {
            return try Catalog(products: products)
        } catch {
            throw ConfigurationError(key: settings.name(["products"]), error.reason)
        }
    }
}
