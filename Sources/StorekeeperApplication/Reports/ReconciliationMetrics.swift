public import CoreMetrics
import Foundation
package import Storekeeper

/// `storekeeper_reconciliation_*`: what the latest reconciliation of each report type found.
/// `report` is `SALES`, `SUBSCRIPTION_EVENT` or `FINANCE_DETAIL`.
///
/// - `storekeeper_reconciliation_lines{report,outcome}` (gauge): lines of the type's latest run
///   by outcome (`matched`, `units_differ`, `price_differs`, `missing_in_storekeeper`,
///   `missing_in_report`, `settled_in_other_month`);
/// - `storekeeper_reconciliation_discrepancies{report}` (gauge): the latest run's discrepancies;
/// - `storekeeper_reconciliation_last_run_seconds{report}` (gauge): when it ran, Unix seconds;
/// - `storekeeper_reconciliation_runs_total{report}` (counter).
public struct ReconciliationMetrics: Sendable {
    package let factory: any MetricsFactory

    public init(factory: any MetricsFactory) {
        self.factory = factory
    }

    package func recorded(_ run: ReconciliationRun) {
        let counts = run.counts
        let report = ("report", run.reportType)
        for outcome in ReconciliationOutcome.all {
            Gauge(label: "storekeeper_reconciliation_lines", dimensions: [report, ("outcome", outcome.rawValue)], factory: factory)
                .record(Double(counts[outcome] ?? 0))
        }
        Gauge(label: "storekeeper_reconciliation_discrepancies", dimensions: [report], factory: factory)
            .record(Double(run.discrepancies.count))
        Gauge(label: "storekeeper_reconciliation_last_run_seconds", dimensions: [report], factory: factory)
            .record(Double(run.ranAt.millisecondsSince1970) / 1000)
        Counter(label: "storekeeper_reconciliation_runs_total", dimensions: [report], factory: factory).increment()
    }
}
