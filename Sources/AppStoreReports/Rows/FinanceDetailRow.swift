/// One row of a FINANCE_DETAIL report (region `Z1`, one per Apple fiscal month): units of one
/// product sold or returned, with the proceeds Apple settles for them.
///
/// Fields and values follow App Store Connect Help, "Financial report fields"
/// (developer.apple.com/help/app-store-connect/reference/financial-report-fields): Quantity is
/// a whole number (negative for returns), Partner Share has two decimals and is always positive,
/// Extended Partner Share is Quantity × Partner Share, Sale or Return is `S` or `R`. The detailed
/// report's `Transaction Date` and `Settlement Date` (MM/DD/YYYY) come from the issue's facts and
/// parsers of real files; they are optional here, like every column not needed to reconcile.
/// Lines before the header and `Total_…` lines after the rows are kept on ``AppleReport``.
public struct FinanceDetailRow: AppleReportRow {
    /// The day of the transaction.
    public var transactionDate: ReportDay?
    /// The day Apple settled it.
    public var settlementDate: ReportDay?
    /// Apple's identifier of the app or in-app purchase.
    public var appleIdentifier: String?
    /// The app's SKU or the in-app purchase's product ID.
    public var sku: String
    /// The content's name.
    public var title: String?
    /// The developer's name.
    public var developerName: String?
    /// The kind of transaction (for example `IA1`).
    public var productTypeIdentifier: String?
    /// Two-letter code of the country or region of sale.
    public var countryOfSale: String
    /// Units; negative for returns.
    public var quantity: Int
    /// Proceeds per unit (always positive), in `partnerShareCurrency`.
    public var partnerShare: ReportDecimal
    /// Quantity × Partner Share.
    public var extendedPartnerShare: ReportDecimal
    /// ISO 4217 code of the proceeds' currency.
    public var partnerShareCurrency: String
    /// Price the customer paid per unit.
    public var customerPrice: ReportDecimal?
    /// ISO 4217 code of the customer's currency.
    public var customerCurrency: String?
    /// A sale or a return.
    public var saleOrReturn: SaleOrReturn
    /// Promotional code marker.
    public var promoCode: String?
    /// The order type.
    public var orderType: String?
    /// Cells of columns this type does not know, by header name.
    public var extraColumns: [String: String]

    /// A row from its values; optional columns default to absent.
    public init(
        transactionDate: ReportDay? = nil, settlementDate: ReportDay? = nil, appleIdentifier: String? = nil, sku: String,
        title: String? = nil, developerName: String? = nil, productTypeIdentifier: String? = nil, countryOfSale: String,
        quantity: Int, partnerShare: ReportDecimal, extendedPartnerShare: ReportDecimal, partnerShareCurrency: String,
        customerPrice: ReportDecimal? = nil, customerCurrency: String? = nil, saleOrReturn: SaleOrReturn,
        promoCode: String? = nil, orderType: String? = nil, extraColumns: [String: String] = [:]
    ) {
        self.transactionDate = transactionDate
        self.settlementDate = settlementDate
        self.appleIdentifier = appleIdentifier
        self.sku = sku
        self.title = title
        self.developerName = developerName
        self.productTypeIdentifier = productTypeIdentifier
        self.countryOfSale = countryOfSale
        self.quantity = quantity
        self.partnerShare = partnerShare
        self.extendedPartnerShare = extendedPartnerShare
        self.partnerShareCurrency = partnerShareCurrency
        self.customerPrice = customerPrice
        self.customerCurrency = customerCurrency
        self.saleOrReturn = saleOrReturn
        self.promoCode = promoCode
        self.orderType = orderType
        self.extraColumns = extraColumns
    }

    public static let knownColumns = [
        "Transaction Date", "Settlement Date", "Apple Identifier", "SKU", "Title", "Developer Name", "Product Type Identifier",
        "Country of Sale", "Quantity", "Partner Share", "Extended Partner Share", "Partner Share Currency", "Customer Price",
        "Customer Currency", "Sale or Return", "Promo Code", "Order Type",
    ]

    public static let requiredColumns = [
        "SKU", "Country of Sale", "Quantity", "Partner Share", "Extended Partner Share", "Partner Share Currency",
        "Sale or Return",
    ]

    public static var allowsPreambleAndTotals: Bool { true }

    public init(reading fields: ReportFieldReader, extraColumns: [String: String]) throws(ReportFormatError) {
        let mark = try fields.text("Sale or Return")
        guard let saleOrReturn = SaleOrReturn(rawValue: mark) else {
            throw fields.invalid("Sale or Return", "\"\(mark.prefix(40))\" is neither S nor R")
        }
        self.init(
            transactionDate: try fields.optionalDay("Transaction Date"), settlementDate: try fields.optionalDay("Settlement Date"),
            appleIdentifier: fields.optionalText("Apple Identifier"), sku: try fields.text("SKU"), title: fields.optionalText("Title"),
            developerName: fields.optionalText("Developer Name"), productTypeIdentifier: fields.optionalText("Product Type Identifier"),
            countryOfSale: try fields.countryCode("Country of Sale"), quantity: try fields.count("Quantity"),
            partnerShare: try fields.decimal("Partner Share"), extendedPartnerShare: try fields.decimal("Extended Partner Share"),
            partnerShareCurrency: try fields.currency("Partner Share Currency"),
            customerPrice: try fields.optionalDecimal("Customer Price"),
            customerCurrency: try fields.optionalCurrency("Customer Currency"),
            saleOrReturn: saleOrReturn, promoCode: fields.optionalText("Promo Code"), orderType: fields.optionalText("Order Type"),
            extraColumns: extraColumns)
    }

    public var knownCells: [String] {
        [
            transactionDate?.appleFormatted ?? "", settlementDate?.appleFormatted ?? "", appleIdentifier ?? "", sku, title ?? "",
            developerName ?? "", productTypeIdentifier ?? "", countryOfSale, String(quantity), partnerShare.description,
            extendedPartnerShare.description, partnerShareCurrency, customerPrice?.description ?? "", customerCurrency ?? "",
            saleOrReturn.rawValue, promoCode ?? "", orderType ?? "",
        ]
    }
}

/// The financial reports' `Sale or Return` column.
public enum SaleOrReturn: String, Hashable, Sendable, CaseIterable {
    /// `S`: a sale.
    case sale = "S"
    /// `R`: a return.
    case `return` = "R"
}
