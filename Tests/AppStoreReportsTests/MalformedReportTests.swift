import AppStoreReports
import Testing

@Suite struct MalformedReportTests {
    static let header = SalesSummaryRow.knownColumns
    static func good(units: String = "1", begin: String = "11/24/2026", price: String = "0.99", country: String = "US") -> [String] {
        SalesSummaryParsingTests.line([
            "SKU": "gems.100", "Product Type Identifier": "IA1", "Units": units, "Developer Proceeds": "0.70", "Begin Date": begin,
            "End Date": "11/24/2026", "Customer Currency": "USD", "Country Code": country, "Currency of Proceeds": "USD",
            "Customer Price": price,
        ])
    }

    static func parse(_ text: String) -> ReportFormatError? {
        refusal { () throws(ReportFormatError) in _ = try AppleReportCodec.parse(SalesSummaryRow.self, text: text) }
    }

    @Test(arguments: [
        ("24/11/2026", "Begin Date"), ("2026/11/24", "Begin Date"), ("02/30/2026", "Begin Date"),
    ])
    func refusesABadDateWithLineAndColumn(value: String, column: String) {
        let error = Self.parse(tsv([Self.header, Self.good(), Self.good(), Self.good(begin: value)]))
        #expect(error?.code == .invalidValue)
        #expect(error?.line == 4)
        #expect(error?.column == column)
    }

    @Test(arguments: ["1e2", "0,99", "", "1.2.3", "$0.99", "0.99 "])
    func refusesABadAmount(value: String) {
        let error = Self.parse(tsv([Self.header, Self.good(price: value)]))
        if value == "0.99 " {
            // Surrounding spaces are not part of the value.
            #expect(error == nil)
        } else {
            #expect(error?.code == .invalidValue)
            #expect(error?.line == 2)
            #expect(error?.column == "Customer Price")
        }
    }

    @Test func refusesFractionalUnitsAndAThreeLetterCountry() {
        #expect(Self.parse(tsv([Self.header, Self.good(units: "1.5")]))?.column == "Units")
        #expect(Self.parse(tsv([Self.header, Self.good(country: "USA")]))?.column == "Country Code")
    }

    @Test func refusesALineWithTooFewCells() {
        let error = Self.parse(tsv([Self.header, Self.good(), Array(Self.good().dropLast())]))
        #expect(error?.code == .wrongCellCount)
        #expect(error?.line == 3)
    }

    @Test func refusesAMissingRequiredColumnAndADuplicate() {
        let withoutUnits = Self.header.filter { $0 != "Units" }
        let missing = Self.parse(tsv([withoutUnits]))
        #expect(missing?.code == .missingColumn)
        #expect(missing?.column == "Units")
        let duplicate = Self.parse(tsv([Self.header + ["sku"]]))
        #expect(duplicate?.code == .duplicateColumn)
        #expect(duplicate?.line == 1)
    }

    @Test func refusesEmptyNonUTF8AndCorruptGzip() {
        #expect(Self.parse("")?.code == .emptyReport)
        let latin1 = refusal { () throws(ReportFormatError) in
            _ = try AppleReportCodec.parse(SalesSummaryRow.self, from: Array("SKU\tUnits\n".utf8) + [0xE9, 0x0A])
        }
        #expect(latin1?.code == .invalidText)
        var gzip = AppleReportCodec.writeGzip(AppleReport(rows: [SalesSummaryRow]()))
        gzip.removeLast(6)
        let truncated = refusal { () throws(ReportFormatError) in _ = try AppleReportCodec.parse(SalesSummaryRow.self, from: gzip) }
        #expect(truncated?.code == .corruptCompression)
    }

    @Test func describesTheRefusalWithLineAndColumn() {
        let error = Self.parse(tsv([Self.header, Self.good(begin: "x")]))
        #expect(error?.description.contains("line 2") == true)
        #expect(error?.description.contains("Begin Date") == true)
    }
}
