import AppStoreReports
import Testing

@Suite struct SalesSummaryParsingTests {
    static let fullHeader = SalesSummaryRow.knownColumns

    /// A full-width line with Apple's sample values put into the named columns.
    static func line(_ values: [String: String]) -> [String] {
        fullHeader.map { values[$0] ?? "" }
    }

    static func sampleCells(
        title: String, type: String, units: String, proceeds: String, price: String, country: String, currency: String, parent: String = ""
    ) -> [String] {
        line([
            "Provider": "APPLE", "Provider Country": "US", "SKU": title.replacingOccurrences(of: " ", with: ""), "Title": title,
            "Product Type Identifier": type, "Units": units, "Developer Proceeds": proceeds, "Begin Date": "11/24/2026",
            "End Date": "11/24/2026", "Customer Currency": currency, "Country Code": country, "Currency of Proceeds": currency,
            "Customer Price": price, "Parent Identifier": parent,
        ])
    }

    /// Apple's sample rows from App Store Connect Help, "Summary Sales Report" (sample report:
    /// purchases and refunds), https://developer.apple.com/help/app-store-connect/reference/summary-sales-report
    @Test func parsesApplesPublishedSampleRows() throws {
        let text = tsv([
            Self.fullHeader,
            Self.sampleCells(title: "App One", type: "1F", units: "100", proceeds: ".70", price: ".99", country: "US", currency: "USD"),
            Self.sampleCells(
                title: "In-App One", type: "IA1", units: "50", proceeds: ".42", price: ".69", country: "GB", currency: "GBP",
                parent: "AppOne"),
            Self.sampleCells(title: "App One", type: "1F", units: "-50", proceeds: ".7", price: "-0.99", country: "US", currency: "USD"),
        ])
        let report = try AppleReportCodec.parse(SalesSummaryRow.self, text: text)
        #expect(report.rows.count == 3)
        let purchase = report.rows[0]
        #expect(purchase.sku == "AppOne")
        #expect(purchase.units == 100)
        #expect(purchase.developerProceeds == ReportDecimal(significand: 70, scale: 2))
        #expect(purchase.customerPrice.minorUnits(scale: 2) == 99)
        #expect(purchase.beginDate == day(2026, 11, 24))
        #expect(purchase.countryCode == "US")
        #expect(report.rows[1].parentIdentifier == "AppOne")
        #expect(report.rows[1].currencyOfProceeds == "GBP")
        let refund = report.rows[2]
        #expect(refund.units == -50)
        #expect(refund.customerPrice.minorUnits(scale: 2) == -99)
        #expect(refund.developerProceeds.minorUnits(scale: 2) == 70)
        #expect(!refund.developerProceeds.isNegative)
        #expect(report.rows.allSatisfy { $0.extraColumns.isEmpty })
    }

    @Test func matchesHeadersByNameInAnyOrderAndCaseKeepingUnknownColumns() throws {
        let text = tsv([
            [
                "customer price", "UNITS", "Future Column", "sku", "Country Code", "Product Type Identifier", "Developer Proceeds",
                "Begin Date", "End Date", "Customer Currency", "Currency of Proceeds", "Subscription",
            ],
            [
                "4.99", "-1", "something new", "com.example.pro.monthly", "FR", "IAY", "3.50", "11/20/2026", "11/20/2026", "EUR", "EUR",
                "Renewal",
            ],
            ["4.99", "2.00", "", "com.example.pro.monthly", "FR", "IAY", "3.50", "11/20/2026", "11/20/2026", "EUR", "EUR", "Bonus"],
        ])
        let rows = try AppleReportCodec.parse(SalesSummaryRow.self, text: text).rows
        #expect(rows[0].units == -1)
        #expect(rows[0].extraColumns == ["Future Column": "something new"])
        #expect(rows[0].subscription == .renewal)
        #expect(rows[0].provider == nil)
        #expect(rows[0].proceedsReason == nil)
        #expect(rows[1].units == 2)
        #expect(rows[1].extraColumns.isEmpty)
        #expect(rows[1].subscription?.rawValue == "Bonus")
        #expect(rows[1].subscription?.isKnown == false)
    }

    @Test func acceptsCRLFAndAByteOrderMark() throws {
        let text =
            "\u{FEFF}"
            + tsv([
                Self.fullHeader,
                Self.sampleCells(title: "App One", type: "1F", units: "1", proceeds: "0.70", price: "0.99", country: "US", currency: "USD"),
            ])
            .replacingOccurrences(of: "\n", with: "\r\n")
        let rows = try AppleReportCodec.parse(SalesSummaryRow.self, text: text).rows
        #expect(rows.count == 1)
        #expect(rows[0].provider == "APPLE")
    }
}
