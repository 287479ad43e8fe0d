import AppStoreReports
import Testing

@Suite struct FinanceAndSubscriptionParsingTests {
    @Test func parsesFinanceDetailWithPreambleTotalsSalesAndReturns() throws {
        let header = [
            "Transaction Date", "Settlement Date", "Apple Identifier", "SKU", "Title", "Developer Name",
            "Product Type Identifier", "Country of Sale", "Quantity", "Partner Share", "Extended Partner Share",
            "Partner Share Currency", "Customer Price", "Customer Currency", "Sale or Return", "Promo Code", "Order Type", "Region",
        ]
        let text = tsv([
            ["Example Vendor"],
            header,
            [
                "10/30/2026", "11/02/2026", "1234567890", "gems.100", "100 Gems", "Example", "IA1", "US", "3", "0.70", "2.10", "USD",
                "0.99", "USD", "S", "", "", "Americas",
            ],
            [
                "10/31/2026", "11/02/2026", "1234567890", "gems.100", "100 Gems", "Example", "IA1", "US", "-1", "0.70", "-0.70", "USD",
                "-0.99", "USD", "R", "", "", "Americas",
            ],
            ["Total_Rows", "2"],
            ["Total_Amount", "1.40"],
        ])
        let report = try AppleReportCodec.parse(FinanceDetailRow.self, text: text)
        #expect(report.preamble == ["Example Vendor"])
        #expect(report.totals == ["Total_Rows\t2", "Total_Amount\t1.40"])
        #expect(report.rows.map(\.saleOrReturn) == [.sale, .return])
        #expect(report.rows[1].quantity == -1)
        #expect(report.rows[1].extendedPartnerShare.minorUnits(scale: 2) == -70)
        #expect(report.rows[0].transactionDate == day(2026, 10, 30))
        #expect(report.rows[0].settlementDate == day(2026, 11, 2))
        #expect(report.rows[0].extraColumns == ["Region": "Americas"])
    }

    @Test func refusesAnUnknownSaleOrReturnMark() {
        let header = [
            "SKU", "Country of Sale", "Quantity", "Partner Share", "Extended Partner Share", "Partner Share Currency", "Sale or Return",
        ]
        let error = refusal { () throws(ReportFormatError) in
            _ = try AppleReportCodec.parse(
                FinanceDetailRow.self, text: tsv([header, ["gems.100", "US", "1", "0.70", "0.70", "USD", "X"]]))
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.line == 2)
        #expect(error?.column == "Sale or Return")
    }

    @Test func parsesSubscriptionEventsWithoutOptionalColumns() throws {
        let text = tsv([
            [
                "Event Date", "Event", "Subscription Name", "Subscription Apple ID", "Standard Subscription Duration", "Country",
                "Quantity", "Brand New Column",
            ],
            ["2026-11-24", "Subscribe", "Pro Monthly", "6400000001", "1 Month", "US", "2", "x"],
            ["11/24/2026", "Refund", "Pro Monthly", "6400000001", "1 Month", "US", "1", ""],
        ])
        let rows = try AppleReportCodec.parse(SubscriptionEventRow.self, text: text).rows
        #expect(rows.map(\.eventDate) == [day(2026, 11, 24), day(2026, 11, 24)])
        #expect(rows.map(\.event) == ["Subscribe", "Refund"])
        #expect(rows[0].quantity == 2)
        #expect(rows[0].consecutivePaidPeriods == nil)
        #expect(rows[0].extraColumns == ["Brand New Column": "x"])
    }
}
