import Storekeeper
public import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP

extension StorekeeperApplicationBuilder {
    /// The reconciliation `serve` runs, with its lost-purchase lookup through every app that can
    /// ask Apple: `storekeeper reports reconcile` lists (and recovers) the same candidates as the
    /// scheduled fetch and the reconciliation route. Nil when the storage keeps no reports.
    public func reconciliationService() -> ReconciliationService? {
        guard let reports = store as? any ReportStore else { return nil }
        return assembly().reconciliationService(reports)
    }
}
