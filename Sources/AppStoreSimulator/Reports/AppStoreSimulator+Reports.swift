extension AppStoreSimulator {
    /// Sets the vendor number and the team keys allowed to download reports (keeps injected
    /// discrepancies).
    public func configureReports(vendorNumber: String, teamKeys: [SimulatedReports.TeamKey]) throws -> SimulatedReports {
        guard !vendorNumber.isEmpty, !teamKeys.isEmpty else {
            throw SimulatorError.invalidRequest("reports need a vendor number and at least one team key")
        }
        return mutate { engine, _ in
            var reports = engine.state.reports ?? SimulatedReports(vendorNumber: vendorNumber, teamKeys: teamKeys)
            reports.vendorNumber = vendorNumber
            reports.teamKeys = teamKeys
            engine.state.reports = reports
            return reports
        }
    }

    /// Injects a discrepancy into the reports served for its day.
    public func addReportDiscrepancy(_ discrepancy: ReportDiscrepancy) throws -> [ReportDiscrepancy] {
        guard ReportDayText.parse(discrepancy.day) != nil else {
            throw SimulatorError.invalidRequest("day must be a YYYY-MM-DD date")
        }
        switch discrepancy.kind {
        case .dropRow, .extraRefund:
            guard discrepancy.sku?.isEmpty == false else { throw SimulatorError.invalidRequest("\(discrepancy.kind.rawValue) needs a sku") }
        case .changePrice:
            guard discrepancy.sku?.isEmpty == false, ReportDayText.isAmount(discrepancy.customerPrice) else {
                throw SimulatorError.invalidRequest("changePrice needs a sku and a customerPrice such as 1.99")
            }
        case .delayDay:
            guard (discrepancy.delayDays ?? 1) >= 1 else { throw SimulatorError.invalidRequest("delayDays must be at least 1") }
        case .settleLate:
            guard discrepancy.sku?.isEmpty == false, (discrepancy.delayDays ?? 1) >= 1 else {
                throw SimulatorError.invalidRequest("settleLate needs a sku, and delayDays of at least 1")
            }
        }
        return try mutate { (engine, _) throws(SimulatorError) in
            guard engine.state.reports != nil else { throw .invalidState("set up reports first (PUT /control/reports)") }
            engine.state.reports?.discrepancies.append(discrepancy)
            return engine.state.reports?.discrepancies ?? []
        }
    }

    /// Removes every injected discrepancy.
    public func clearReportDiscrepancies() {
        mutate { engine, _ in engine.state.reports?.discrepancies = [] }
    }

    /// The reports setup, if any.
    public func reportsSetup() -> SimulatedReports? {
        engine.withLock { $0.state.reports }
    }
}
