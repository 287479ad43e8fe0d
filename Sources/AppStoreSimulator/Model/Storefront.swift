/// An App Store storefront: the ISO 3166-1 alpha-3 code Apple reports as `storefront`, Apple's
/// numeric `storefrontId`, and the currency prices are charged in.
public struct Storefront: Hashable, Sendable, Codable {
    public var code: String
    public var storefrontId: String
    public var currency: String

    public init(code: String, storefrontId: String, currency: String) {
        self.code = code
        self.storefrontId = storefrontId
        self.currency = currency
    }

    /// A few of Apple's storefronts with their real identifiers; more can be configured.
    public static let builtIn: [String: Storefront] = Dictionary(
        uniqueKeysWithValues: [
            Storefront(code: "USA", storefrontId: "143441", currency: "USD"),
            Storefront(code: "GBR", storefrontId: "143444", currency: "GBP"),
            Storefront(code: "DEU", storefrontId: "143443", currency: "EUR"),
            Storefront(code: "FRA", storefrontId: "143442", currency: "EUR"),
            Storefront(code: "JPN", storefrontId: "143462", currency: "JPY"),
            Storefront(code: "CHN", storefrontId: "143465", currency: "CNY"),
            Storefront(code: "CAN", storefrontId: "143455", currency: "CAD"),
            Storefront(code: "AUS", storefrontId: "143460", currency: "AUD"),
        ].map { ($0.code, $0) })
}
