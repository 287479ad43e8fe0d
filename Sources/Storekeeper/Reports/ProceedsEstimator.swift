import AppStoreModels
import Foundation

/// Estimates the developer proceeds of a transaction: what Apple pays for one unit, in the
/// customer's currency's milliunits.
///
/// Apple keeps a commission of 30 %, or 15 % for members of the App Store Small Business Program
/// and for an auto-renewable subscription's renewals after a year of paid service ("Rate After One
/// Year"). Proceeds are computed on the price net of tax where a storefront's price includes tax,
/// which Storekeeper does not know: ``calibrate(with:)-([ProceedsObservation])`` learns the ratio
/// of proceeds to customer price from the reports' own rows, per product, country, currency and
/// rate (else per country, currency and rate), and estimates with it where a report has spoken;
/// elsewhere the commission alone is applied (an upper bound where tax applies).
public struct ProceedsEstimator: Sendable {
    /// Whether the developer is in the Small Business Program (15 % commission throughout).
    public var smallBusinessProgram: Bool
    /// Commission in percent: standard and reduced.
    public static let standardCommission: Int64 = 30
    public static let reducedCommission: Int64 = 15

    struct CalibrationKey: Hashable {
        /// Nil for the country-wide calibration.
        var sku: String?
        var countryCode: String
        var currency: String
        var reduced: Bool
    }

    /// Per key, the sum of proceeds and of customer prices of the rows seen (milliunits × units).
    private var observed: [CalibrationKey: (proceeds: Int64, price: Int64)] = [:]
    /// Per currency, the proceeds the rows reported and the commission rule's proceeds of the
    /// same rows: how far the rule is off in that currency (tax, mostly).
    private var byCurrency: [String: (reported: Int64, rule: Int64)] = [:]

    public init(smallBusinessProgram: Bool = false) {
        self.smallBusinessProgram = smallBusinessProgram
    }

    /// Learns proceeds-to-price ratios from report rows (see ``ProceedsObservation/init(_:)``).
    public mutating func calibrate(with rows: [ReportSalesLine]) {
        calibrate(with: rows.compactMap(ProceedsObservation.init))
    }

    /// Learns proceeds-to-price ratios from observations of report rows.
    public mutating func calibrate(with observations: [ProceedsObservation]) {
        for seen in observations where seen.price > 0 && seen.proceeds >= 0 && seen.proceeds <= seen.price {
            let reduced = smallBusinessProgram || seen.reducedRate
            let country = seen.countryCode.uppercased()
            let currency = seen.currency.uppercased()
            for key in [
                CalibrationKey(sku: seen.sku, countryCode: country, currency: currency, reduced: reduced),
                CalibrationKey(sku: nil, countryCode: country, currency: currency, reduced: reduced),
            ] {
                let (proceeds, price) = observed[key] ?? (0, 0)
                observed[key] = (proceeds + seen.proceeds, price + seen.price)
            }
            let (reported, rule) = byCurrency[currency] ?? (0, 0)
            byCurrency[currency] = (reported + seen.proceeds, rule + Self.rule(seen.price, reduced: reduced))
        }
    }

    /// Whether the reduced commission applies to the transaction.
    public func isReducedRate(_ transaction: AppleTransaction) -> Bool {
        smallBusinessProgram || Self.isAfterFirstPaidYear(transaction)
    }

    /// An auto-renewable subscription's renewal at least a year after its original purchase
    /// (Apple counts days of paid service; a subscription that lapsed reaches it later, which
    /// this estimate does not see).
    public static func isAfterFirstPaidYear(_ transaction: AppleTransaction) -> Bool {
        guard transaction.productType == .autoRenewableSubscription, transaction.transactionReason == .renewal,
            let original = transaction.originalPurchaseDate
        else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        guard let anniversary = calendar.date(byAdding: .year, value: 1, to: original.date) else { return false }
        return transaction.purchaseDate >= Timestamp(anniversary)
    }

    /// Estimated proceeds per unit in milliunits of the transaction's currency, rounded down; nil
    /// for a transaction without a price.
    public func proceeds(of transaction: AppleTransaction) -> Int64? {
        guard let price = transaction.price, transaction.currency != nil else { return nil }
        if let seen = calibration(for: transaction) {
            // price × proceeds / prices, exactly: the product may exceed 64 bits, the quotient does
            // not (proceeds never exceed prices).
            return seen.price.dividingFullWidth(price.multipliedFullWidth(by: seen.proceeds)).quotient
        }
        return Self.rule(price, reduced: isReducedRate(transaction))
    }

    /// Whether rows of the transaction's product or country, currency and rate were seen.
    public func isCalibrated(for transaction: AppleTransaction) -> Bool {
        calibration(for: transaction) != nil
    }

    /// `ruleProceeds` (the commission rule's proceeds in `currency`, as the overview's rollups
    /// keep them) corrected by how far the rule was off on the reports' rows in that currency;
    /// unchanged where no row of the currency was seen.
    public func calibrated(ruleProceeds: Int64, currency: String) -> Int64 {
        guard let seen = byCurrency[currency.uppercased()], seen.rule > 0 else { return ruleProceeds }
        return seen.rule.dividingFullWidth(ruleProceeds.multipliedFullWidth(by: seen.reported)).quotient
    }

    /// Whether rows in `currency` were seen.
    public func isCalibrated(currency: String) -> Bool {
        byCurrency[currency.uppercased()] != nil
    }

    /// The commission rule's proceeds of `price`, rounded down.
    static func rule(_ price: Int64, reduced: Bool) -> Int64 {
        price * (100 - (reduced ? reducedCommission : standardCommission)) / 100
    }

    private func calibration(for transaction: AppleTransaction) -> (proceeds: Int64, price: Int64)? {
        guard let currency = transaction.currency else { return nil }
        let storefront = transaction.storefront ?? ""
        let country = StorefrontCountry.reportCode(storefront: storefront) ?? storefront.uppercased()
        let reduced = isReducedRate(transaction)
        for sku in [transaction.productId, nil] {
            let key = CalibrationKey(sku: sku, countryCode: country, currency: currency.uppercased(), reduced: reduced)
            if let seen = observed[key], seen.price > 0 { return seen }
        }
        return nil
    }
}

/// What one or more report rows say about proceeds: for one product, country, currency and rate,
/// the customer prices and proceeds of their units (milliunits × units).
public struct ProceedsObservation: Hashable, Sendable {
    public var sku: String
    public var countryCode: String
    public var currency: String
    /// `Rate After One Year`: the reduced commission applied.
    public var reducedRate: Bool
    public var price: Int64
    public var proceeds: Int64

    public init(sku: String, countryCode: String, currency: String, reducedRate: Bool, price: Int64, proceeds: Int64) {
        self.sku = sku
        self.countryCode = countryCode
        self.currency = currency
        self.reducedRate = reducedRate
        self.price = price
        self.proceeds = proceeds
    }

    /// A SALES row's observation: sales of a paid product with proceeds in the customer's
    /// currency (rows paid in another currency, refunds and free units say nothing).
    public init?(_ row: ReportSalesLine) {
        guard row.units > 0, row.customerPrice > 0, row.proceedsCurrency.uppercased() == row.customerCurrency.uppercased() else {
            return nil
        }
        self.init(
            sku: row.sku, countryCode: row.countryCode, currency: row.customerCurrency,
            reducedRate: row.proceedsReason?.lowercased() == "rate after one year", price: row.customerPrice * Int64(row.units),
            proceeds: row.developerProceeds * Int64(row.units))
    }
}
