import AppStoreModels

extension Reconciler {
    /// Compares a fiscal month's FINANCE_DETAIL rows with Storekeeper's transactions, by
    /// transaction day, product, country, currency and customer price (negative for returns),
    /// with units and proceeds: Storekeeper's estimate (`estimator`, calibrated where reports
    /// spoke) against the report's Extended Partner Share.
    ///
    /// The report lists what Apple settled in the month, each row with its Transaction Date and
    /// Settlement Date, while Storekeeper books a sale on its transaction day. So:
    /// - Storekeeper's side is the transactions of the fiscal month's days, and of the earlier
    ///   days the report's rows were transacted on (late settlements), for the aggregates the
    ///   report has there;
    /// - units that a neighbouring month's report (`elsewhere`, the previous and next months'
    ///   rows where imported) settles are taken off Storekeeper's side: an aggregate settled
    ///   there whole is ``ReconciliationOutcome/settledInOtherMonth``;
    /// - every line says in `note` what explains a difference the report shows (a transaction
    ///   day outside the fiscal month; estimated proceeds that are not Apple's).
    public static func reconcile(
        month: AppleFiscalMonth, finance report: [ReportFinanceLine], elsewhere: [ReportFinanceLine],
        transactions: [AppleTransaction], estimator: ProceedsEstimator
    ) -> [ReconciliationLine] {
        let monthDays = Set(month.days)
        var theirs: [Key: Side] = [:]
        for row in report {
            guard let key = financeKey(row) else { continue }
            theirs[key, default: Side()].add(
                units: row.quantity, line: row.line, proceeds: row.extendedPartnerShare, label: row.settlementDay?.description)
        }
        let reportedGroups = Set(theirs.keys.map(\.group))
        var ours: [Key: Side] = [:]
        for transaction in transactions where counts(transaction) {
            guard let currency = transaction.currency else { continue }
            for entry in entries(transaction) {
                var group = Group(transaction: transaction, currency: currency)
                group.subscription = nil
                group.day = PacificDay(containing: entry.instant)
                group.isRefund = entry.price < 0
                // Days outside the month count only where the report settles something of theirs.
                guard let day = group.day, monthDays.contains(day) || reportedGroups.contains(group) else { continue }
                var priced = transaction
                priced.price = abs(entry.price)
                let proceeds = (estimator.proceeds(of: priced) ?? 0) * Int64(entry.units)
                ours[Key(group: group, price: entry.price), default: Side()]
                    .add(units: entry.units, id: transaction.transactionId, proceeds: proceeds)
            }
        }
        var settledElsewhere: [Key: Side] = [:]
        for row in elsewhere {
            guard let key = financeKey(row) else { continue }
            settledElsewhere[key, default: Side()].add(units: row.quantity, label: row.settlementDay?.description)
        }
        var explained: [ReconciliationLine] = []
        for (key, other) in settledElsewhere {
            guard var mine = ours[key] else { continue }
            let moved = abs(other.units) >= abs(mine.units) ? mine.units : other.units
            if moved == mine.units && theirs[key] == nil {
                ours[key] = nil
                var settled = line(.settledInOtherMonth, key.group, key.price, mine, nil, nil)
                let days = other.labels.compactMap(PacificDay.init(iso:)).sorted()
                settled.settlementDays = days
                settled.note = "settled in another fiscal month's report, on " + days.map(\.description).joined(separator: ", ")
                explained.append(settled)
            } else {
                mine.proceeds -= mine.units == 0 ? 0 : mine.proceeds / Int64(mine.units) * Int64(moved)
                mine.units -= moved
                ours[key] = mine
            }
        }
        return (lines(ours: ours, theirs: theirs) + explained).map { explain($0, month: month, monthDays: monthDays) }.sorted {
            $0.transactionDay != $1.transactionDay
                ? PacificDay.precedes($0.transactionDay, $1.transactionDay)
                : ($0.sku, $0.countryCode, $0.outcome.rawValue) < ($1.sku, $1.countryCode, $1.outcome.rawValue)
        }
    }

    /// The key of a report row; nil for rows that are not in-app purchases.
    private static func financeKey(_ row: ReportFinanceLine) -> Key? {
        guard let productClass = ReportProductClass(productTypeIdentifier: row.productTypeIdentifier) else { return nil }
        let group = Group(
            sku: row.sku, productClass: productClass, countryCode: row.countryCode.uppercased(),
            currency: row.customerCurrency.uppercased(), subscription: nil, isRefund: row.quantity < 0, day: row.transactionDay)
        return Key(group: group, price: row.customerPrice)
    }

    /// Adds what explains the line's difference, where the report says it.
    private static func explain(_ line: ReconciliationLine, month: AppleFiscalMonth, monthDays: Set<PacificDay>) -> ReconciliationLine {
        var line = line
        var notes: [String] = line.note.map { [$0] } ?? []
        if let day = line.transactionDay, !monthDays.contains(day) {
            notes.append("transacted \(day), outside fiscal \(month) (\(month.first)…\(month.last)), settled in it")
        }
        if line.outcome == .missingInReport, let day = line.transactionDay, day >= month.last.adding(days: -6) {
            notes.append("transacted in the month's last week: may settle in fiscal \(month.next)'s report")
        }
        if let mine = line.estimatedProceeds, let apple = line.reportProceeds, mine != apple, line.outcome == .matched {
            notes.append("proceeds are estimated: Apple's differ by tax, exchange and rounding")
        }
        line.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        return line
    }
}
