import AppStoreModels
import Storekeeper

/// A generated subscriber base for the analytics benchmark: each customer one subscription of
/// a weekly, monthly or yearly product in one of ten storefronts, started in the last two years,
/// with a free trial, a paid introductory offer or none, renewing until it churns, sometimes
/// refunded, sometimes back after a lapse. Each subscription's facts go through the lifecycle
/// (``SubscriptionLifecycle``) and its analytics are the write path's own pure answer
/// (``SubscriptionAnalytics``), summed: the rollup rows such a population leaves behind.
/// Deterministic: the same seed every time.
struct AnalyticsPopulation: Sendable {
    let customers: Int
    /// The instant the population is observed at (its latest purchases are before it).
    let now: Timestamp

    struct Storefront: Sendable {
        let code: String
        let currency: String
        /// Monthly price, milliunits.
        let monthly: Int64
    }

    static let storefronts = [
        Storefront(code: "USA", currency: "USD", monthly: 9_990), Storefront(code: "GBR", currency: "GBP", monthly: 8_990),
        Storefront(code: "DEU", currency: "EUR", monthly: 9_990), Storefront(code: "FRA", currency: "EUR", monthly: 9_990),
        Storefront(code: "JPN", currency: "JPY", monthly: 1_500_000), Storefront(code: "CHN", currency: "CNY", monthly: 68_000),
        Storefront(code: "KOR", currency: "KRW", monthly: 14_000_000), Storefront(code: "BRA", currency: "BRL", monthly: 49_900),
        Storefront(code: "IND", currency: "INR", monthly: 799_000), Storefront(code: "CAN", currency: "CAD", monthly: 12_990),
    ]

    static let products: [(id: String, duration: Period, priceFactor: Int64, churn: Double)] = [
        ("com.example.bench.weekly", Period(weeks: 1), 1, 0.03), ("com.example.bench.monthly", Period(months: 1), 4, 0.02),
        ("com.example.bench.yearly", Period(years: 1), 40, 0.3),
    ]

    static let catalog: Catalog = {
        let products = AnalyticsPopulation.products.map {
            Product(id: $0.id, kind: .autoRenewableSubscription, duration: $0.duration, subscriptionGroup: "bench", groupLevel: 1)
        }
        do { return try Catalog(products: products) } catch { preconditionFailure("the benchmark catalog is valid: \(error)") }
    }()

    static let day: Int64 = 86_400_000

    /// Every subscription's analytics moves summed; `transactions` counts the transactions made.
    func moves() -> (moves: AnalyticsMoves, transactions: Int) {
        var random = SplitMix64(seed: 35)
        var total = AnalyticsMoves()
        var transactions = 0
        for customer in 0..<customers {
            let records = subscription(customer, &random)
            transactions += records.count
            guard let last = records.last else { continue }
            let ended = (last.revocationDate ?? last.expiresDate ?? now) < now
            let fact = SubscriptionFact(
                environment: .production, originalTransactionId: last.originalTransactionId,
                signedDate: records.map(\.signedDate).max() ?? now, refreshedStatus: ended ? .expired : .active,
                transactions: records, source: .serverAPI)
            let (state, _) = SubscriptionLifecycle.apply(fact, to: nil)
            for (key, amount) in SubscriptionAnalytics.contribution(of: state, catalog: Self.catalog).amounts {
                total.add(amount, to: key)
            }
        }
        return (total, transactions)
    }

    /// One customer's transactions, oldest first.
    func subscription(_ customer: Int, _ random: inout SplitMix64) -> [AppleTransaction] {
        let product = Self.products[Int(random.next() % 100) < 15 ? 0 : (Int(random.next() % 100) < 70 ? 1 : 2)]
        let storefront = Self.storefronts[Int(random.next() % UInt64(Self.storefronts.count))]
        let price = storefront.monthly * product.priceFactor / 4
        let original = "bench-\(customer)"
        var at = now.adding(milliseconds: -Int64(random.next() % UInt64(730 * Self.day)))
        let offer = random.next() % 10
        var records: [AppleTransaction] = []
        func record(price: Int64, until end: Timestamp, offer: (OfferType, OfferDiscountType, String?)?) {
            let number = records.count
            let purchase = at
            records.append(
                AppleTransaction(
                    environment: .production, transactionId: "\(original)-\(number)", originalTransactionId: original,
                    webOrderLineItemId: "\(original)-w\(number)", productId: product.id, productType: .autoRenewableSubscription,
                    purchaseDate: purchase, expiresDate: end, offerType: offer?.0, offerDiscountType: offer?.1, offerPeriod: offer?.2,
                    price: price, currency: storefront.currency, storefront: storefront.code, signedDate: purchase, source: .serverAPI))
            at = end
        }
        if offer < 4 {
            record(price: 0, until: at.adding(milliseconds: 7 * Self.day), offer: (.introductoryOffer, .freeTrial, "P1W"))
        } else if offer == 4 {
            record(
                price: price / 2, until: Period(months: 3).added(to: at), offer: (.introductoryOffer, .payUpFront, "P3M"))
        }
        var stints = 0
        while at < now, stints < 3 {
            while at < now {
                record(price: price, until: product.duration.added(to: at), offer: nil)
                if Double(random.next() % 1000) / 1000 < 0.02, var refunded = records.popLast() {
                    refunded.revocationDate = refunded.purchaseDate.adding(milliseconds: Self.day)
                    refunded.revocationReason = .other
                    refunded.signedDate = refunded.revocationDate ?? refunded.signedDate
                    records.append(refunded)
                    at = refunded.revocationDate ?? at
                    break
                }
                if Double(random.next() % 1000) / 1000 < product.churn { break }
            }
            stints += 1
            // One in ten lapsed subscribers comes back one to three months later.
            guard random.next() % 10 == 0 else { break }
            at = Period(months: 1 + Int(random.next() % 3)).added(to: at)
        }
        return records.filter { $0.purchaseDate < now }
    }
}
