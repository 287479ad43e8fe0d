/// One row of a daily SUBSCRIPTION_EVENT report as reconciliation reads it.
public struct ReportSubscriptionEventLine: Hashable, Sendable, Codable {
    public var day: PacificDay
    /// The row's 1-based line in its file.
    public var line: Int
    /// The event as Apple names it (`Subscribe`, `Renew`, `Refund`, …).
    public var event: String
    /// The subscription's product ID: the SKU that the day's SALES report prints for the row's
    /// `Subscription Apple ID`, else the row's `Subscription Name`.
    public var subscription: String
    /// Two-letter country code.
    public var countryCode: String
    public var quantity: Int

    public init(day: PacificDay, line: Int, event: String, subscription: String, countryCode: String, quantity: Int) {
        self.day = day
        self.line = line
        self.event = event
        self.subscription = subscription
        self.countryCode = countryCode
        self.quantity = quantity
    }
}

/// One row of a FINANCE_DETAIL report as reconciliation reads it: amounts in milliunits.
public struct ReportFinanceLine: Hashable, Sendable, Codable {
    /// The row's 1-based line in its file.
    public var line: Int
    /// The Pacific day of the transaction and the day Apple settled it.
    public var transactionDay: PacificDay
    public var settlementDay: PacificDay?
    public var sku: String
    public var productTypeIdentifier: String
    /// Two-letter code of the country of sale.
    public var countryCode: String
    /// Units; negative for returns (`Sale or Return` `R`).
    public var quantity: Int
    /// Customer price per unit (negative on returns) and its currency.
    public var customerPrice: Int64
    public var customerCurrency: String
    /// Extended Partner Share (quantity × proceeds per unit) and its currency.
    public var extendedPartnerShare: Int64
    public var partnerShareCurrency: String

    public init(
        line: Int, transactionDay: PacificDay, settlementDay: PacificDay?, sku: String, productTypeIdentifier: String, countryCode: String,
        quantity: Int, customerPrice: Int64, customerCurrency: String, extendedPartnerShare: Int64, partnerShareCurrency: String
    ) {
        self.line = line
        self.transactionDay = transactionDay
        self.settlementDay = settlementDay
        self.sku = sku
        self.productTypeIdentifier = productTypeIdentifier
        self.countryCode = countryCode
        self.quantity = quantity
        self.customerPrice = customerPrice
        self.customerCurrency = customerCurrency
        self.extendedPartnerShare = extendedPartnerShare
        self.partnerShareCurrency = partnerShareCurrency
    }
}
