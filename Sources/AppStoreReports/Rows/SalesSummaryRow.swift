/// One row of a Sales and Trends SALES / SUMMARY report (daily, weekly, monthly or yearly):
/// units of one product at one customer price in one country and currency over the report's days.
///
/// Columns as documented for Summary Sales Report version 1_3 in App Store Connect Help
/// ("Summary Sales Report", developer.apple.com/help/app-store-connect/reference/summary-sales-report).
/// Refunds are rows with negative `units` and negative `customerPrice` while `developerProceeds`
/// stays positive (the page's sample "Refunds"). Versions differ in columns: only the columns
/// reconciliation needs are required; the others read as nil when absent, unknown ones are kept.
public struct SalesSummaryRow: AppleReportRow {
    /// Service provider (typically `APPLE`).
    public var provider: String?
    /// Service provider country code (typically `US`).
    public var providerCountry: String?
    /// The app's SKU or, for an in-app purchase, its product ID.
    public var sku: String
    /// The provider name.
    public var developer: String?
    /// The content's name.
    public var title: String?
    /// The app version.
    public var version: String?
    /// The kind of transaction (for example `IA1`, `1F`); see Apple's "Product type identifiers".
    public var productTypeIdentifier: String
    /// Aggregated units; negative for refunds.
    public var units: Int
    /// Proceeds per unit, in `currencyOfProceeds`.
    public var developerProceeds: ReportDecimal
    /// First day the row covers.
    public var beginDate: ReportDay
    /// Last day the row covers.
    public var endDate: ReportDay
    /// ISO 4217 code of the currency the customer paid in.
    public var customerCurrency: String
    /// Two-letter code of the storefront's country or region (StoreKit storefronts use three).
    public var countryCode: String
    /// ISO 4217 code of the proceeds' currency.
    public var currencyOfProceeds: String
    /// Apple's identifier of the app or in-app purchase.
    public var appleIdentifier: String?
    /// Price per unit the customer paid, in `customerCurrency`; negative for refunds.
    public var customerPrice: ReportDecimal
    /// Promotional code marker, when a promo applied.
    public var promoCode: String?
    /// For an in-app purchase, the parent app's SKU.
    public var parentIdentifier: String?
    /// For an auto-renewable subscription, whether the row counts new subscriptions or renewals.
    public var subscription: SalesSubscriptionKind?
    /// For an auto-renewable subscription, its duration (for example `1 Month`).
    public var period: String?
    /// The app's primary category.
    public var category: String?
    /// Content Made Better: `CMB` when the row is such a credit.
    public var cmb: String?
    /// Device type.
    public var device: String?
    /// Supported platforms of the app.
    public var supportedPlatforms: String?
    /// `Rate After One Year` when the reduced commission after a subscriber's first paid year applies.
    public var proceedsReason: String?
    /// `Yes` when a renewal kept a preserved price.
    public var preservedPricing: String?
    /// The client the purchase came through, when not the App Store itself.
    public var client: String?
    /// The order type (for example a pre-order).
    public var orderType: String?
    /// Cells of columns this type does not know, by header name.
    public var extraColumns: [String: String]

    /// A row from its values; optional columns default to absent.
    public init(
        provider: String? = "APPLE", providerCountry: String? = "US", sku: String, developer: String? = nil,
        title: String? = nil, version: String? = nil, productTypeIdentifier: String, units: Int,
        developerProceeds: ReportDecimal, beginDate: ReportDay, endDate: ReportDay, customerCurrency: String,
        countryCode: String, currencyOfProceeds: String, appleIdentifier: String? = nil, customerPrice: ReportDecimal,
        promoCode: String? = nil, parentIdentifier: String? = nil, subscription: SalesSubscriptionKind? = nil,
        period: String? = nil, category: String? = nil, cmb: String? = nil, device: String? = nil,
        supportedPlatforms: String? = nil, proceedsReason: String? = nil, preservedPricing: String? = nil,
        client: String? = nil, orderType: String? = nil, extraColumns: [String: String] = [:]
    ) {
        self.provider = provider
        self.providerCountry = providerCountry
        self.sku = sku
        self.developer = developer
        self.title = title
        self.version = version
        self.productTypeIdentifier = productTypeIdentifier
        self.units = units
        self.developerProceeds = developerProceeds
        self.beginDate = beginDate
        self.endDate = endDate
        self.customerCurrency = customerCurrency
        self.countryCode = countryCode
        self.currencyOfProceeds = currencyOfProceeds
        self.appleIdentifier = appleIdentifier
        self.customerPrice = customerPrice
        self.promoCode = promoCode
        self.parentIdentifier = parentIdentifier
        self.subscription = subscription
        self.period = period
        self.category = category
        self.cmb = cmb
        self.device = device
        self.supportedPlatforms = supportedPlatforms
        self.proceedsReason = proceedsReason
        self.preservedPricing = preservedPricing
        self.client = client
        self.orderType = orderType
        self.extraColumns = extraColumns
    }

    public static let knownColumns = [
        "Provider", "Provider Country", "SKU", "Developer", "Title", "Version", "Product Type Identifier", "Units",
        "Developer Proceeds", "Begin Date", "End Date", "Customer Currency", "Country Code", "Currency of Proceeds",
        "Apple Identifier", "Customer Price", "Promo Code", "Parent Identifier", "Subscription", "Period", "Category",
        "CMB", "Device", "Supported Platforms", "Proceeds Reason", "Preserved Pricing", "Client", "Order Type",
    ]

    public static let requiredColumns = [
        "SKU", "Product Type Identifier", "Units", "Developer Proceeds", "Begin Date", "End Date", "Customer Currency",
        "Country Code", "Currency of Proceeds", "Customer Price",
    ]

    public init(reading fields: ReportFieldReader, extraColumns: [String: String]) throws(ReportFormatError) {
        self.init(
            provider: fields.optionalText("Provider"), providerCountry: fields.optionalText("Provider Country"),
            sku: try fields.text("SKU"), developer: fields.optionalText("Developer"), title: fields.optionalText("Title"),
            version: fields.optionalText("Version"), productTypeIdentifier: try fields.text("Product Type Identifier"),
            units: try fields.count("Units"), developerProceeds: try fields.decimal("Developer Proceeds"),
            beginDate: try fields.day("Begin Date"), endDate: try fields.day("End Date"),
            customerCurrency: try fields.currency("Customer Currency"), countryCode: try fields.countryCode("Country Code"),
            currencyOfProceeds: try fields.currency("Currency of Proceeds"), appleIdentifier: fields.optionalText("Apple Identifier"),
            customerPrice: try fields.decimal("Customer Price"), promoCode: fields.optionalText("Promo Code"),
            parentIdentifier: fields.optionalText("Parent Identifier"),
            subscription: fields.optionalText("Subscription").map(SalesSubscriptionKind.init(rawValue:)),
            period: fields.optionalText("Period"), category: fields.optionalText("Category"), cmb: fields.optionalText("CMB"),
            device: fields.optionalText("Device"), supportedPlatforms: fields.optionalText("Supported Platforms"),
            proceedsReason: fields.optionalText("Proceeds Reason"), preservedPricing: fields.optionalText("Preserved Pricing"),
            client: fields.optionalText("Client"), orderType: fields.optionalText("Order Type"), extraColumns: extraColumns)
        guard beginDate <= endDate else { throw fields.invalid("End Date", "the end date is before the begin date") }
    }

    public var knownCells: [String] {
        [
            provider ?? "", providerCountry ?? "", sku, developer ?? "", title ?? "", version ?? "", productTypeIdentifier,
            String(units), developerProceeds.description, beginDate.appleFormatted, endDate.appleFormatted, customerCurrency,
            countryCode, currencyOfProceeds, appleIdentifier ?? "", customerPrice.description, promoCode ?? "",
            parentIdentifier ?? "", subscription?.rawValue ?? "", period ?? "", category ?? "", cmb ?? "", device ?? "",
            supportedPlatforms ?? "", proceedsReason ?? "", preservedPricing ?? "", client ?? "", orderType ?? "",
        ]
    }
}
