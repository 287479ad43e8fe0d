import AppStoreModels

/// Compares Storekeeper's transactions of one Pacific day with Apple's SALES SUMMARY rows of
/// that day. Pure: no IO, no clock.
///
/// Reports carry no transaction IDs, so both sides are aggregated by the report's own grouping:
/// product (SKU), product class, two-letter country, currency, customer price per unit and, for
/// auto-renewable subscriptions, new or renewal. A sale counts on the Pacific day of its
/// `purchaseDate`, a refund on the day of its `revocationDate` at the negated price with negative
/// units, as Apple's report prints them. Only what Apple reports is counted on Storekeeper's side:
/// production transactions with a price, not Family Sharing copies nor group members' assigned
/// seats (nobody paid for them): a multiseat purchase is one sale of its seats at its tiers'
/// prices, and a seat-based refund returns the seats it revoked (``Sale``).
///
/// Aggregates on both sides with equal units are matched, with different units `unitsDiffer`.
/// An aggregate on one side only is paired, where it can be, with one on the other side that
/// differs only in price (`priceDiffers`); what remains is missing in Storekeeper (Apple counts
/// units we never saw: possible lost purchases) or missing in the report.
public enum Reconciler {
    /// The reconciled lines of `day`, in a stable order (SKU, country, currency, kind, price).
    /// Report rows of other days and rows that are not in-app purchases are ignored.
    public static func reconcile(day: PacificDay, report: [ReportSalesLine], transactions: [AppleTransaction]) -> [ReconciliationLine] {
        var ours: [Key: Side] = [:]
        let start = day.start
        let end = day.end
        for transaction in transactions where counts(transaction) {
            guard let currency = transaction.currency else { continue }
            let group = Group(transaction: transaction, currency: currency)
            for entry in entries(transaction) where entry.instant >= start && entry.instant < end {
                ours[Key(group: group, price: entry.price), default: Side()].add(units: entry.units, id: transaction.transactionId)
            }
        }
        var theirs: [Key: Side] = [:]
        for row in report where row.day == day {
            guard let productClass = ReportProductClass(productTypeIdentifier: row.productTypeIdentifier) else { continue }
            let group = Group(
                sku: row.sku, productClass: productClass, countryCode: row.countryCode.uppercased(),
                currency: row.customerCurrency.uppercased(),
                subscription: productClass == .autoRenewable ? normalizedKind(row.subscription) : nil, isRefund: row.units < 0)
            theirs[Key(group: group, price: row.customerPrice), default: Side()].add(units: row.units, line: row.line)
        }
        return lines(ours: ours, theirs: theirs)
    }

    /// Whether Apple's sales report counts the transaction at all.
    static func counts(_ transaction: AppleTransaction) -> Bool {
        transaction.environment == .production && !transaction.isSharedAccess
    }

    /// What a counted transaction puts in a report: its units at each customer price on its
    /// purchase day, and the units a refund returned (negative units at the negated price) on the
    /// refund day. Apple prints a revocation as a return whatever caused it (an upgrade too); a
    /// seat-based refund returns only the seats it revoked.
    struct Entry: Hashable {
        var instant: Timestamp
        var price: Int64
        var units: Int
    }

    static func entries(_ transaction: AppleTransaction) -> [Entry] {
        guard let sale = Sale(transaction) else { return [] }
        var entries = sale.lines.map { Entry(instant: transaction.purchaseDate, price: $0.price, units: $0.units) }
        if let revoked = transaction.revocationDate {
            entries += sale.lines.map { Entry(instant: revoked, price: -$0.price, units: -$0.units) }
        } else if let date = sale.refundDate {
            entries += sale.refunded.map { Entry(instant: date, price: -$0.price, units: -$0.units) }
        }
        return entries
    }

    /// `New`/`Renewal` as printed; absent is `New` (the report leaves the column empty only for
    /// rows that are not subscriptions).
    static func normalizedKind(_ text: String?) -> String {
        text?.lowercased() == "renewal" ? "Renewal" : "New"
    }

    /// What an aggregate is, apart from its price.
    struct Group: Hashable {
        var sku: String
        var productClass: ReportProductClass
        var countryCode: String
        var currency: String
        var subscription: String?
        var isRefund: Bool
        /// SUBSCRIPTION_EVENT: the kind of event.
        var event: SubscriptionEventKind?
        /// FINANCE_DETAIL: the transactions' Pacific day.
        var day: PacificDay?

        init(
            sku: String, productClass: ReportProductClass, countryCode: String, currency: String, subscription: String?, isRefund: Bool,
            event: SubscriptionEventKind? = nil, day: PacificDay? = nil
        ) {
            self.sku = sku
            self.productClass = productClass
            self.countryCode = countryCode
            self.currency = currency
            self.subscription = subscription
            self.isRefund = isRefund
            self.event = event
            self.day = day
        }

        /// The group of a sale (`isRefund` is set by the price's sign through ``Key``).
        init(transaction: AppleTransaction, currency: String) {
            let productClass = ReportProductClass(productType: transaction.productType)
            let storefront = transaction.storefront ?? ""
            self.init(
                sku: transaction.productId, productClass: productClass,
                countryCode: StorefrontCountry.reportCode(storefront: storefront) ?? storefront.uppercased(),
                currency: currency.uppercased(),
                subscription: productClass == .autoRenewable ? (transaction.transactionReason == .renewal ? "Renewal" : "New") : nil,
                isRefund: false)
        }
    }

    /// An aggregate: its group and its customer price per unit (negative for refunds).
    struct Key: Hashable {
        var group: Group
        var price: Int64

        /// The aggregate of `group` at `price`; a negative price makes it a refund.
        init(group: Group, price: Int64) {
            var group = group
            group.isRefund = price < 0
            self.group = group
            self.price = price
        }

        /// The aggregate of `group` as given (for reports without prices).
        init(unpriced group: Group) {
            self.group = group
            self.price = 0
        }
    }

    /// One side's count of an aggregate.
    struct Side {
        var units = 0
        var lines: [Int] = []
        var ids: [String] = []
        /// Proceeds of all the units, milliunits (FINANCE_DETAIL).
        var proceeds: Int64 = 0
        /// Event names or settlement days seen (SUBSCRIPTION_EVENT, FINANCE_DETAIL).
        var labels: Set<String> = []

        mutating func add(units: Int, line: Int? = nil, id: String? = nil, proceeds: Int64 = 0, label: String? = nil) {
            self.units += units
            self.proceeds += proceeds
            if let line { lines.append(line) }
            if let id, ids.count < 100 { ids.append(id) }
            if let label { labels.insert(label) }
        }
    }

    /// Classifies the aggregates of both sides (see the type's documentation).
    static func lines(ours: [Key: Side], theirs: [Key: Side]) -> [ReconciliationLine] {
        var result: [ReconciliationLine] = []
        var onlyOurs: [Group: [Key]] = [:]
        var onlyTheirs: [Group: [Key]] = [:]
        for key in Set(ours.keys).union(theirs.keys) {
            switch (ours[key], theirs[key]) {
            case (let mine?, let apple?):
                result.append(line(mine.units == apple.units ? .matched : .unitsDiffer, key.group, key.price, mine, key.price, apple))
            case (.some, nil): onlyOurs[key.group, default: []].append(key)
            case (nil, .some): onlyTheirs[key.group, default: []].append(key)
            case (nil, nil): break
            }
        }
        for group in Set(onlyOurs.keys).union(onlyTheirs.keys) {
            let mine = (onlyOurs[group] ?? []).sorted { $0.price < $1.price }
            let apple = (onlyTheirs[group] ?? []).sorted { $0.price < $1.price }
            for index in 0..<max(mine.count, apple.count) {
                switch (index < mine.count ? mine[index] : nil, index < apple.count ? apple[index] : nil) {
                case (let ourKey?, let theirKey?):
                    result.append(line(.priceDiffers, group, ourKey.price, ours[ourKey], theirKey.price, theirs[theirKey]))
                case (let ourKey?, nil):
                    result.append(line(.missingInReport, group, ourKey.price, ours[ourKey], nil, nil))
                case (nil, let theirKey?):
                    result.append(line(.missingInStorekeeper, group, nil, nil, theirKey.price, theirs[theirKey]))
                case (nil, nil): break
                }
            }
        }
        return result.sorted { lhs, rhs in
            if lhs.transactionDay != rhs.transactionDay { return PacificDay.precedes(lhs.transactionDay, rhs.transactionDay) }
            let left = (lhs.sku, lhs.countryCode, lhs.currency, lhs.productClass.rawValue)
            let right = (rhs.sku, rhs.countryCode, rhs.currency, rhs.productClass.rawValue)
            if left != right { return left < right }
            let leftKind = (lhs.subscription ?? "", lhs.event ?? "")
            let rightKind = (rhs.subscription ?? "", rhs.event ?? "")
            if leftKind != rightKind { return leftKind < rightKind }
            return (lhs.storekeeperPrice ?? lhs.reportPrice ?? 0) < (rhs.storekeeperPrice ?? rhs.reportPrice ?? 0)
        }
    }

    static func line(
        _ outcome: ReconciliationOutcome, _ group: Group, _ ourPrice: Int64?, _ mine: Side?, _ theirPrice: Int64?, _ apple: Side?
    ) -> ReconciliationLine {
        var line = ReconciliationLine(
            outcome: outcome, sku: group.sku, productClass: group.productClass, countryCode: group.countryCode, currency: group.currency,
            subscription: group.subscription, storekeeperPrice: ourPrice, reportPrice: theirPrice, storekeeperUnits: mine?.units ?? 0,
            reportUnits: apple?.units ?? 0, reportLines: apple?.lines.sorted() ?? [], transactionIds: mine?.ids ?? [])
        if let event = group.event {
            line.event = event.rawValue
            line.reportEvents = apple?.labels.sorted() ?? []
        }
        if let day = group.day {
            line.transactionDay = day
            line.settlementDays = (apple?.labels ?? []).compactMap(PacificDay.init(iso:)).sorted()
            line.estimatedProceeds = mine.map(\.proceeds)
            line.reportProceeds = apple.map(\.proceeds)
        }
        return line
    }
}
