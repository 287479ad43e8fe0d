import AppStoreModels
import Foundation

/// Estimates the developer proceeds of a transaction: what Apple pays for one unit, in the
/// customer's currency's milliunits.
///
/// Apple keeps a commission of 30 %, or 15 % for members of the App Store Small Business Program
/// and for an auto-renewable subscription's renewals after a year of paid service ("Rate After One
/// Year"). Proceeds are computed on the price net of tax where a storefront's price includes tax,
/// which Storekeeper does not know: ``calibrate(with:)`` learns the ratio of proceeds to customer
/// price from the reports' own rows, per country, currency and rate, and estimates with it where
/// it has seen a row; elsewhere the commission alone is applied (an upper bound where tax applies).
public struct ProceedsEstimator: Sendable {
    /// Whether the developer is in the Small Business Program (15 % commission throughout).
    public var smallBusinessProgram: Bool
    /// Commission in percent: standard and reduced.
    public static let standardCommission: Int64 = 30
    public static let reducedCommission: Int64 = 15

    struct CalibrationKey: Hashable {
        var countryCode: String
        var currency: String
        var reduced: Bool
    }

    /// Per key, the sum of proceeds and of customer prices of the rows seen (milliunits × units).
    private var observed: [CalibrationKey: (proceeds: Int64, price: Int64)] = [:]

    public init(smallBusinessProgram: Bool = false) {
        self.smallBusinessProgram = smallBusinessProgram
    }

    /// Learns proceeds-to-price ratios from report rows: sales of a paid product with proceeds in
    /// the customer's currency (rows paid in another currency, refunds and free units are skipped).
    public mutating func calibrate(with rows: [ReportSalesLine]) {
        for row in rows where row.units > 0 && row.customerPrice > 0 && row.proceedsCurrency == row.customerCurrency {
            let key = CalibrationKey(
                countryCode: row.countryCode.uppercased(), currency: row.customerCurrency.uppercased(),
                reduced: smallBusinessProgram || row.proceedsReason?.lowercased() == "rate after one year")
            let units = Int64(row.units)
            let (proceeds, price) = observed[key] ?? (0, 0)
            observed[key] = (proceeds + row.developerProceeds * units, price + row.customerPrice * units)
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
        guard let price = transaction.price, let currency = transaction.currency else { return nil }
        let reduced = isReducedRate(transaction)
        let storefront = transaction.storefront ?? ""
        let key = CalibrationKey(
            countryCode: StorefrontCountry.reportCode(storefront: storefront) ?? storefront.uppercased(), currency: currency.uppercased(),
            reduced: reduced)
        if let seen = observed[key], seen.price > 0 {
            // price × proceeds / prices, exactly: the product may exceed 64 bits, the quotient does
            // not (proceeds never exceed prices).
            guard seen.proceeds <= seen.price else { return nil }
            return seen.price.dividingFullWidth(price.multipliedFullWidth(by: seen.proceeds)).quotient
        }
        return price * (100 - (reduced ? Self.reducedCommission : Self.standardCommission)) / 100
    }

    /// Whether rows of the transaction's country, currency and rate were seen.
    public func isCalibrated(for transaction: AppleTransaction) -> Bool {
        guard let currency = transaction.currency else { return false }
        let storefront = transaction.storefront ?? ""
        return observed[
            CalibrationKey(
                countryCode: StorefrontCountry.reportCode(storefront: storefront) ?? storefront.uppercased(),
                currency: currency.uppercased(), reduced: isReducedRate(transaction))] != nil
    }
}
