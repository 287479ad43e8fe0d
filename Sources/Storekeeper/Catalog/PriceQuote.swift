/// The "nearest Apple price point, difference credited as currency" rule of `seeds/000_*`.
///
/// Apple only charges at fixed price points, while a business may price an item anywhere
/// (¥6.50 for a bundle). Storekeeper charges at the cheapest Apple price point at or above the
/// business price and credits the difference to the customer's wallet at the app's rate, so the
/// customer never pays for nothing.
public struct PriceQuote: Hashable, Sendable, Codable {
    /// The product whose Apple price point is charged.
    public var productId: String
    public var applePrice: StorefrontPrice
    /// What the business asked for, in milli-units of the same currency.
    public var businessMilliunits: Int64
    /// Currency credited for the difference (may be zero).
    public var bonusCurrency: String?
    public var bonusAmount: Int64

    /// Picks among `candidates` (products sold in `storefront`) the cheapest price point not
    /// below `businessMilliunits`; the difference converts at `unitsPerMajorUnit` currency units
    /// per one major unit of money (e.g. 66 gems per ¥1 after Apple's commission), rounded down.
    public static func quote(
        businessMilliunits: Int64, storefront: String, candidates: [Product], bonusCurrency: String,
        unitsPerMajorUnit: Int64
    ) throws(CatalogError) -> PriceQuote {
        guard businessMilliunits > 0 else { throw CatalogError("business price must be positive") }
        let options = candidates.compactMap { product -> (Product, StorefrontPrice)? in
            guard let price = product.price(in: storefront), price.milliunits >= businessMilliunits else { return nil }
            return (product, price)
        }
        guard let (product, price) = options.min(by: { $0.1.milliunits < $1.1.milliunits }) else {
            throw CatalogError("no Apple price point in \(storefront) covers \(businessMilliunits) milli-units")
        }
        let difference = price.milliunits - businessMilliunits
        let (product100, overflow) = difference.multipliedReportingOverflow(by: unitsPerMajorUnit)
        guard !overflow else { throw CatalogError("bonus currency overflows") }
        return PriceQuote(
            productId: product.id, applePrice: price, businessMilliunits: businessMilliunits,
            bonusCurrency: difference > 0 ? bonusCurrency : nil, bonusAmount: product100 / 1000)
    }
}
