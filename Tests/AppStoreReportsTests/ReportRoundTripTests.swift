import AppStoreModels
import AppStoreReports
import Testing

/// parse(write(x)) == x over generated reports, plain and gzip, for every report type.
@Suite struct ReportRoundTripTests {

    static let seeds: [UInt64] = Array(1...40)

    static func text(_ rng: inout SplitMix64, allowEmpty: Bool = true) -> String? {
        if allowEmpty, Bool.random(using: &rng) { return nil }
        let alphabet = Array("abcXYZ019 .-_/'é漢🙂")
        var value = String((0..<Int.random(in: 1...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        value = value.trimmingCharacters()
        return value.isEmpty ? "x" : value
    }

    static func decimal(_ rng: inout SplitMix64) -> ReportDecimal {
        ReportDecimal(significand: Int64.random(in: -99_999_999...99_999_999, using: &rng), scale: Int.random(in: 0...4, using: &rng))
    }

    static func reportDay(_ rng: inout SplitMix64) -> ReportDay {
        day(Int.random(in: 2000...2099, using: &rng), Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng))
    }

    static func code(_ rng: inout SplitMix64, length: Int) -> String {
        String((0..<length).map { _ in Character(UnicodeScalar(UInt8.random(in: 65...90, using: &rng))) })
    }

    static func extras(_ rng: inout SplitMix64) -> [String: String] {
        var extras: [String: String] = [:]
        for index in 0..<Int.random(in: 0...2, using: &rng) { extras["Extra \(index)"] = text(&rng, allowEmpty: false) }
        return extras
    }

    static func salesRow(_ rng: inout SplitMix64) -> SalesSummaryRow {
        let begin = reportDay(&rng)
        return SalesSummaryRow(
            provider: text(&rng), providerCountry: text(&rng), sku: text(&rng, allowEmpty: false)!, developer: text(&rng),
            title: text(&rng), version: text(&rng), productTypeIdentifier: text(&rng, allowEmpty: false)!,
            units: Int.random(in: -1000...1000, using: &rng), developerProceeds: decimal(&rng), beginDate: begin, endDate: begin,
            customerCurrency: code(&rng, length: 3), countryCode: code(&rng, length: 2), currencyOfProceeds: code(&rng, length: 3),
            appleIdentifier: text(&rng), customerPrice: decimal(&rng), promoCode: text(&rng), parentIdentifier: text(&rng),
            subscription: text(&rng).map(SalesSubscriptionKind.init(rawValue:)), period: text(&rng), category: text(&rng),
            cmb: text(&rng), device: text(&rng), supportedPlatforms: text(&rng), proceedsReason: text(&rng),
            preservedPricing: text(&rng), client: text(&rng), orderType: text(&rng), extraColumns: extras(&rng))
    }

    static func eventRow(_ rng: inout SplitMix64) -> SubscriptionEventRow {
        SubscriptionEventRow(
            eventDate: reportDay(&rng), event: text(&rng, allowEmpty: false)!, appName: text(&rng), appAppleID: text(&rng),
            subscriptionName: text(&rng), subscriptionAppleID: text(&rng), subscriptionGroupID: text(&rng),
            standardSubscriptionDuration: text(&rng), subscriptionOfferType: text(&rng), subscriptionOfferDuration: text(&rng),
            marketingOptIn: text(&rng), marketingOptInDuration: text(&rng), preservedPricing: text(&rng),
            proceedsReason: text(&rng), subscriptionOfferName: text(&rng), promotionalOfferID: text(&rng),
            consecutivePaidPeriods: Bool.random(using: &rng) ? Int.random(in: 0...60, using: &rng) : nil,
            originalStartDate: Bool.random(using: &rng) ? reportDay(&rng) : nil, client: text(&rng), device: text(&rng),
            state: text(&rng), country: text(&rng), previousSubscriptionName: text(&rng), previousSubscriptionAppleID: text(&rng),
            daysBeforeCanceling: Bool.random(using: &rng) ? Int.random(in: 0...400, using: &rng) : nil,
            cancellationReason: text(&rng), daysCanceled: Bool.random(using: &rng) ? Int.random(in: 0...400, using: &rng) : nil,
            quantity: Int.random(in: -5...500, using: &rng), extraColumns: extras(&rng))
    }

    static func financeRow(_ rng: inout SplitMix64) -> FinanceDetailRow {
        FinanceDetailRow(
            transactionDate: Bool.random(using: &rng) ? reportDay(&rng) : nil,
            settlementDate: Bool.random(using: &rng) ? reportDay(&rng) : nil,
            appleIdentifier: text(&rng), sku: text(&rng, allowEmpty: false)!, title: text(&rng), developerName: text(&rng),
            productTypeIdentifier: text(&rng), countryOfSale: code(&rng, length: 2), quantity: Int.random(in: -50...50, using: &rng),
            partnerShare: decimal(&rng), extendedPartnerShare: decimal(&rng), partnerShareCurrency: code(&rng, length: 3),
            customerPrice: Bool.random(using: &rng) ? decimal(&rng) : nil,
            customerCurrency: Bool.random(using: &rng) ? code(&rng, length: 3) : nil,
            saleOrReturn: Bool.random(using: &rng) ? .sale : .return, promoCode: text(&rng), orderType: text(&rng),
            extraColumns: extras(&rng))
    }

    static func roundTrip<Row: AppleReportRow>(_ report: AppleReport<Row>) throws {
        let plain = try AppleReportCodec.parse(Row.self, text: AppleReportCodec.write(report))
        #expect(plain == report)
        let compressed = try AppleReportCodec.parse(Row.self, from: AppleReportCodec.writeGzip(report))
        #expect(compressed == report)
    }

    @Test(arguments: seeds) func salesSummaryRoundTrips(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        try Self.roundTrip(AppleReport(rows: (0..<Int.random(in: 0...30, using: &rng)).map { _ in Self.salesRow(&rng) }))
    }

    @Test(arguments: seeds) func subscriptionEventsRoundTrip(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        try Self.roundTrip(AppleReport(rows: (0..<Int.random(in: 0...30, using: &rng)).map { _ in Self.eventRow(&rng) }))
    }

    @Test(arguments: seeds) func financeDetailRoundTrips(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let rows = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Self.financeRow(&rng) }
        try Self.roundTrip(AppleReport(rows: rows, preamble: ["Vendor \(seed)"], totals: ["Total_Rows\t\(rows.count)"]))
    }

    @Test func decimalTextIsExact() {
        #expect(amount(".70") == ReportDecimal(significand: 70, scale: 2))
        #expect(amount("-0.99").description == "-0.99")
        #expect(amount(".7").description == "0.7")
        #expect(ReportDecimal(significand: 5, scale: 3).description == "0.005")
        #expect(amount("12").minorUnits(scale: 2) == 1200)
        #expect(amount("0.125").minorUnits(scale: 2) == nil)
        #expect(ReportDecimal("1e3") == nil)
        #expect(ReportDecimal("1234567890123456789") == nil)
    }
}

extension String {
    /// The text without leading and trailing spaces (the parser trims cells the same way).
    fileprivate func trimmingCharacters() -> String {
        var value = Substring(self)
        while value.first == " " { value = value.dropFirst() }
        while value.last == " " { value = value.dropLast() }
        return String(value)
    }
}
