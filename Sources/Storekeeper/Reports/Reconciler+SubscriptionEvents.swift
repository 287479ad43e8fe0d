import AppStoreModels

extension Reconciler {
    /// Compares Storekeeper's auto-renewable subscription transactions of `day` with the day's
    /// SUBSCRIPTION_EVENT rows, by subscription (product ID), country and kind of event
    /// (``SubscriptionEventKind``): one event per transaction bought that Pacific day (its
    /// activation, renewal or resubscription) and one per refund (revoked that day). Rows of
    /// events without a transaction (cancellations, billing retry…) are left out.
    ///
    /// The report has no prices, so the outcomes are matched, units differ (counts differ),
    /// missing in Storekeeper (possibly lost purchases) and missing in the report.
    public static func reconcile(
        day: PacificDay, subscriptionEvents report: [ReportSubscriptionEventLine], transactions: [AppleTransaction]
    ) -> [ReconciliationLine] {
        var ours: [Key: Side] = [:]
        for transaction in transactions
        where counts(transaction) && transaction.productType == .autoRenewableSubscription {
            let storefront = transaction.storefront ?? ""
            let country = StorefrontCountry.reportCode(storefront: storefront) ?? storefront.uppercased()
            if transaction.purchaseDate >= day.start, transaction.purchaseDate < day.end {
                let kind = SubscriptionEventKind(purchase: transaction)
                ours[Key(unpriced: eventGroup(transaction.productId, country, kind)), default: Side()]
                    .add(units: 1, id: transaction.transactionId)
            }
            // A refund of the transaction, or a seat-based refund of some of its seats.
            let refunded = transaction.isUpgraded ? nil : transaction.revocationDate ?? Sale(transaction)?.refundDate
            if let refunded, refunded >= day.start, refunded < day.end {
                ours[Key(unpriced: eventGroup(transaction.productId, country, .refund)), default: Side()]
                    .add(units: 1, id: transaction.transactionId)
            }
        }
        var theirs: [Key: Side] = [:]
        for row in report where row.day == day {
            guard let kind = SubscriptionEventKind(eventName: row.event) else { continue }
            theirs[Key(unpriced: eventGroup(row.subscription, row.countryCode.uppercased(), kind)), default: Side()]
                .add(units: row.quantity, line: row.line, label: row.event)
        }
        return lines(ours: ours, theirs: theirs).map { line in
            var line = line
            line.storekeeperPrice = nil
            line.reportPrice = nil
            return line
        }
    }

    private static func eventGroup(_ product: String, _ country: String, _ kind: SubscriptionEventKind) -> Group {
        Group(
            sku: product, productClass: .autoRenewable, countryCode: country, currency: "", subscription: nil, isRefund: kind == .refund,
            event: kind)
    }
}
