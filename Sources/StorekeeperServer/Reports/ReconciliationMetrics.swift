public import CoreMetrics
import Foundation
import Storekeeper

/// `storekeeper_reconciliation_*`: what the latest reconciliation found, per outcome.
///
/// - `storekeeper_reconciliation_lines{outcome}` (gauge): lines of the latest run by outcome
///   (`matched`, `units_differ`, `price_differs`, `missing_in_storekeeper`, `missing_in_report`);
/// - `storekeeper_reconciliation_discrepancies` (gauge): the latest run's discrepancies;
/// - `storekeeper_reconciliation_last_run_seconds` (gauge): when it ran, Unix seconds;
/// - `storekeeper_reconciliation_runs_total` (counter).
public struct ReconciliationMetrics: Sendable {
    let factory: any MetricsFactory

    public init(factory: any MetricsFactory) {
        self.factory = factory
    }

    func recorded(_ run: ReconciliationRun) {
        let counts = run.counts
        for outcome in ReconciliationOutcome.all {
            Gauge(label: "storekeeper_reconciliation_lines", dimensions: [("outcome", outcome.rawValue)], factory: factory)
                .record(Double(counts[outcome] ?? 0))
        }
        Gauge(label: "storekeeper_reconciliation_discrepancies", factory: factory).record(Double(run.discrepancies.count))
        Gauge(label: "storekeeper_reconciliation_last_run_seconds", factory: factory)
            .record(Double(run.ranAt.millisecondsSince1970) / 1000)
        Counter(label: "storekeeper_reconciliation_runs_total", factory: factory).increment()
    }
}
