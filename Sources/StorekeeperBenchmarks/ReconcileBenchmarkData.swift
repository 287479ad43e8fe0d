import AppStoreModels
import AppStoreReports
import Foundation
import Storekeeper

/// The year of sales `storekeeper-bench reconcile` stores and the reports Apple would publish
/// for it (daily SALES here, daily SUBSCRIPTION_EVENT and monthly FINANCE_DETAIL in
/// `ReconcileBenchmarkData+Reports`): deterministic (a fixed seed), spread over the year's Pacific days,
/// several products, storefronts and prices, new subscriptions and renewals, 3 % refunded the
/// next day.
struct ReconcileBenchmarkData: Sendable {
    let first: PacificDay
    let days: Int
    let transactions: [AppleTransaction]

    static let products: [(id: String, type: ProductType, price: Int64)] = [
        ("coins.100", .consumable, 990), ("coins.500", .consumable, 4990), ("coins.1200", .consumable, 9990),
        ("remove.ads", .nonConsumable, 2990), ("season.pass", .nonRenewingSubscription, 6990),
        ("pro.monthly", .autoRenewableSubscription, 9990), ("pro.yearly", .autoRenewableSubscription, 59990),
    ]
    static let storefronts: [(storefront: String, currency: String, factor: Int64)] = [
        ("USA", "USD", 100), ("GBR", "GBP", 90), ("DEU", "EUR", 100), ("JPN", "JPY", 15000), ("CHN", "CNY", 700),
    ]

    init(transactions count: Int, first: PacificDay, days: Int) {
        self.first = first
        self.days = days
        var generator = SplitMix64(seed: 19)
        let start = first.start.millisecondsSince1970
        let span = first.adding(days: days).start.millisecondsSince1970 - start
        var transactions: [AppleTransaction] = []
        transactions.reserveCapacity(count)
        for index in 0..<count {
            let product = Self.products[Int(generator.next() % UInt64(Self.products.count))]
            let store = Self.storefronts[Int(generator.next() % UInt64(Self.storefronts.count))]
            let purchased = Timestamp(millisecondsSince1970: start + Int64(generator.next() % UInt64(span)))
            let refunded = generator.next() % 100 < 3
            let renewal = product.type == .autoRenewableSubscription && generator.next() % 2 == 0
            let id = String(3_000_000_000_000 + index)
            transactions.append(
                AppleTransaction(
                    environment: .production, transactionId: id, originalTransactionId: id, productId: product.id,
                    productType: product.type, purchaseDate: purchased, originalPurchaseDate: purchased,
                    revocationDate: refunded ? purchased.adding(milliseconds: 86_400_000) : nil,
                    price: product.price * store.factor / 100, currency: store.currency, storefront: store.storefront,
                    transactionReason: renewal ? .renewal : .purchase, signedDate: purchased, source: .serverAPI))
        }
        self.transactions = transactions
    }

    /// The gzip SALES SUMMARY file of each day with sales, as Apple names it.
    func reports(vendorNumber: String) -> [(name: String, bytes: [UInt8])] {
        struct Key: Hashable {
            var day: PacificDay, sku: String, type: String, country: String, currency: String, price: Int64, kind: String?
        }
        var units: [Key: Int] = [:]
        for transaction in transactions {
            guard let price = transaction.price, let currency = transaction.currency else { continue }
            let type = Self.productTypeIdentifier(transaction.productType)
            let kind = type == "IAY" ? (transaction.transactionReason == .renewal ? "Renewal" : "New") : nil
            let country = StorefrontCountry.reportCode(storefront: transaction.storefront ?? "USA") ?? "US"
            units[
                Key(
                    day: PacificDay(containing: transaction.purchaseDate), sku: transaction.productId, type: type, country: country,
                    currency: currency, price: price, kind: kind), default: 0] += 1
            if let revoked = transaction.revocationDate {
                units[
                    Key(
                        day: PacificDay(containing: revoked), sku: transaction.productId, type: type, country: country, currency: currency,
                        price: -price, kind: kind), default: 0] -= 1
            }
        }
        let byDay = Dictionary(grouping: units.keys, by: \.day)
        return byDay.keys.sorted().compactMap { day in
            guard let reportDay = ReportDay(year: day.year, month: day.month, day: day.day) else { return nil }
            let rows = (byDay[day] ?? []).sorted { ($0.sku, $0.country, $0.price) < ($1.sku, $1.country, $1.price) }.map { key in
                SalesSummaryRow(
                    sku: key.sku, productTypeIdentifier: key.type, units: units[key] ?? 0,
                    developerProceeds: ReportDecimal(significand: abs(key.price) * 7 / 100, scale: 2), beginDate: reportDay,
                    endDate: reportDay, customerCurrency: key.currency, countryCode: key.country, currencyOfProceeds: key.currency,
                    customerPrice: ReportDecimal(significand: key.price, scale: 3),
                    subscription: key.kind.map(SalesSubscriptionKind.init(rawValue:)))
            }
            let name = "S_D_\(vendorNumber)_" + reportDay.isoFormatted.replacingOccurrences(of: "-", with: "")
            return (name, AppleReportCodec.writeGzip(AppleReport(rows: rows)))
        }
    }
}
