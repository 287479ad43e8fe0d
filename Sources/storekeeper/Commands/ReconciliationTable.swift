import AppStoreModels
import Foundation
import Storekeeper

/// How `storekeeper reports reconcile` prints a run.
enum ReconciliationTable {
    /// A summary line, then one line per aggregate, discrepancies first.
    static func text(_ run: ReconciliationRun) -> String {
        let counts = run.counts
        var out = "\(run.reportType) \(run.reportDate) vendor \(run.vendorNumber): "
        out += ReconciliationOutcome.all.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + "\n"
        let finance = run.reportType == ReconciledReport.financeDetail.rawValue
        var table = TextTable(
            ["OUTCOME"] + (finance ? ["DAY"] : []) + [
                "SKU", "CLASS", "COUNTRY", "CURRENCY", "KIND", "PRICE (OURS)", "PRICE (APPLE)", "UNITS (OURS)", "UNITS (APPLE)",
            ] + (finance ? ["PROCEEDS (EST.)", "PROCEEDS (APPLE)"] : []))
        let ordered = run.discrepancies + run.lines.filter { !$0.outcome.isDiscrepancy }
        for line in ordered {
            table.append(
                [line.outcome.rawValue] + (finance ? [line.transactionDay?.description ?? ""] : []) + [
                    line.sku, line.productClass.rawValue, line.countryCode, line.currency, line.event ?? line.subscription ?? "",
                    amount(line.storekeeperPrice), amount(line.reportPrice), String(line.storekeeperUnits), String(line.reportUnits),
                ] + (finance ? [amount(line.estimatedProceeds), amount(line.reportProceeds)] : []))
        }
        out += table.text
        for line in ordered {
            if let note = line.note { out += "\(line.transactionDay.map { "\($0) " } ?? "")\(line.sku) \(line.countryCode): \(note)\n" }
        }
        for line in ordered where !line.candidates.isEmpty {
            out += "candidates for \(line.sku) \(line.countryCode) \(line.currency): " + line.candidates.joined(separator: "; ") + "\n"
        }
        return out
    }

    /// The run as JSON (sorted keys).
    static func json(_ run: ReconciliationRun) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return String(decoding: try encoder.encode(run), as: UTF8.self)
    }

    /// Milliunits as a decimal with at least two places (`-0.99`, `1.999`); empty when absent.
    static func amount(_ milliunits: Int64?) -> String {
        guard let milliunits else { return "" }
        let sign = milliunits < 0 ? "-" : ""
        let magnitude = milliunits.magnitude
        let fraction = magnitude % 1000
        let text = fraction % 10 == 0 ? String(format: "%02d", Int(fraction / 10)) : String(format: "%03d", Int(fraction))
        return "\(sign)\(magnitude / 1000).\(text)"
    }
}
