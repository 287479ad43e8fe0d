import Hummingbird

extension ControlRoutes {
    private struct ReportsSetupRequest: Decodable {
        var vendorNumber: String
        var teamKeys: [SimulatedReports.TeamKey]
    }

    /// `PUT /control/reports` (vendor number and team keys), `GET /control/reports`,
    /// `POST /control/reports/discrepancies` (inject one), `DELETE /control/reports/discrepancies`.
    func registerReports(on control: RouterGroup<Context>) {
        control.put("reports") { request, _ in
            await run {
                let setup = try await decode(ReportsSetupRequest.self, request)
                return HTTPSupport.json(try simulator.configureReports(vendorNumber: setup.vendorNumber, teamKeys: setup.teamKeys))
            }
        }
        control.get("reports") { _, _ in
            await run {
                guard let setup = simulator.reportsSetup() else { throw SimulatorError.notFound("reports are not set up") }
                return HTTPSupport.json(setup)
            }
        }
        control.post("reports/discrepancies") { request, _ in
            await run { HTTPSupport.json(try simulator.addReportDiscrepancy(try await decode(ReportDiscrepancy.self, request))) }
        }
        control.delete("reports/discrepancies") { _, _ in
            await run {
                simulator.clearReportDiscrepancies()
                return HTTPSupport.empty(.noContent)
            }
        }
    }
}
