/// One row of a daily SALES SUMMARY report as reconciliation reads it: amounts in milliunits
/// (thousandths of the currency unit, as StoreKit's `price`), the row's 1-based line in its file.
public struct ReportSalesLine: Hashable, Sendable, Codable {
    /// The Pacific day the row counts.
    public var day: PacificDay
    /// The line of the row in its file (header included in the count).
    public var line: Int
    /// The product ID of an in-app purchase (the app's SKU for an app row).
    public var sku: String
    /// Apple's product type identifier as printed (`IAY`, `IA1`, `IA9`, `FI1`, `1F`…).
    public var productTypeIdentifier: String
    /// Two-letter country code.
    public var countryCode: String
    /// ISO 4217 code of the customer's currency.
    public var customerCurrency: String
    /// Price per unit the customer paid, in milliunits; negative on a refund row.
    public var customerPrice: Int64
    /// Units; negative for refunds.
    public var units: Int
    /// Proceeds per unit, in milliunits of `proceedsCurrency` (positive on refund rows too).
    public var developerProceeds: Int64
    /// ISO 4217 code of the proceeds' currency.
    public var proceedsCurrency: String
    /// `New` or `Renewal` for an auto-renewable subscription row.
    public var subscription: String?
    /// `Rate After One Year` when the reduced commission applies.
    public var proceedsReason: String?
    /// The parent app's SKU, for an in-app purchase.
    public var parentIdentifier: String?

    public init(
        day: PacificDay, line: Int, sku: String, productTypeIdentifier: String, countryCode: String, customerCurrency: String,
        customerPrice: Int64, units: Int, developerProceeds: Int64, proceedsCurrency: String, subscription: String? = nil,
        proceedsReason: String? = nil, parentIdentifier: String? = nil
    ) {
        self.day = day
        self.line = line
        self.sku = sku
        self.productTypeIdentifier = productTypeIdentifier
        self.countryCode = countryCode
        self.customerCurrency = customerCurrency
        self.customerPrice = customerPrice
        self.units = units
        self.developerProceeds = developerProceeds
        self.proceedsCurrency = proceedsCurrency
        self.subscription = subscription
        self.proceedsReason = proceedsReason
        self.parentIdentifier = parentIdentifier
    }
}
