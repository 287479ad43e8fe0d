package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// The overview figures of one app, read from the rollups the writes keep
/// (``OverviewRollup``): two index range reads whatever the number of customers.
package struct OverviewService: Sendable {
    package let store: any PurchaseStore
    package let appId: String
    package let now: any WallClock
    /// Corrects the rollups' estimated proceeds (commission rules) by what the reports' rows
    /// said per currency (``ProceedsEstimator/calibrated(ruleProceeds:currency:)``).
    package var calibration = ProceedsEstimator()

    package init(
        store: any PurchaseStore, appId: String, now: any WallClock, calibration: ProceedsEstimator = ProceedsEstimator()
    ) {
        self.store = store
        self.appId = appId
        self.now = now
        self.calibration = calibration
    }

    /// The longest range one request may ask for.
    package static let maximumDays = 366
    /// The default range: the last 30 days, today included.
    package static let defaultDays = 30
    /// The window the operations view counts over.
    package static let operationsWindow: Int64 = 24 * 3_600_000

    /// The environments an overview may be asked for.
    package static let environments: [AppStoreEnvironment] = [.production, .sandbox, .xcode, .localTesting]

    /// The range and environment of a request, checked: `YYYY-MM-DD` days, `from` ≤ `to`, at most
    /// ``maximumDays``; `to` defaults to today (UTC), `from` to ``defaultDays`` before `to`.
    package static func query(
        from: String?, to: String?, environment: String?, today: FigureDay
    ) throws -> (days: ClosedRange<FigureDay>, environment: AppStoreEnvironment) {
        func day(_ text: String?, _ name: String) throws -> FigureDay? {
            guard let text else { return nil }
            guard let day = FigureDay(iso: text) else { throw StorekeeperError.invalidRequest("\(name) must be a day as YYYY-MM-DD") }
            return day
        }
        let last = try day(to, "to") ?? today
        let first = try day(from, "from") ?? last.adding(days: 1 - defaultDays)
        guard first <= last else { throw StorekeeperError.invalidRequest("from must not be after to") }
        guard last.daysSince1970 - first.daysSince1970 < maximumDays else {
            throw StorekeeperError.invalidRequest("a range covers at most \(maximumDays) days")
        }
        let chosen = environment.map(AppStoreEnvironment.init(rawValue:)) ?? .production
        guard environments.contains(chosen) else {
            throw StorekeeperError.invalidRequest("environment must be one of \(environments.map(\.rawValue).joined(separator: ", "))")
        }
        return (first...last, chosen)
    }

    package func overview(days: ClosedRange<FigureDay>, environment: AppStoreEnvironment) async throws -> OverviewResponse {
        let (opening, totals) = try await store.read { reader in
            (
                try await reader.activeLevels(appId: appId, environment: environment, before: days.lowerBound),
                try await reader.figureTotals(appId: appId, environment: environment, days: days)
            )
        }
        let figures = FigureOverview(days: days, opening: opening, totals: totals)
        let bodies = figures.days.map { body($0) }
        var range = FigureOverview.Day(day: days.lowerBound)
        for day in figures.days {
            for (metric, products) in day.counts {
                for (product, count) in products { range.counts[metric, default: [:]][product, default: 0] += count }
            }
            for (metric, currencies) in day.money {
                for (currency, amount) in currencies { range.money[metric, default: [:]][currency, default: 0] += amount }
            }
        }
        return OverviewResponse(
            appId: appId, environment: environment.rawValue, from: days.lowerBound.description, to: days.upperBound.description,
            days: bodies,
            totals: OverviewResponse.Totals(
                new: range.total(.new), renewed: range.total(.renewed), churned: range.total(.churned), refunds: range.total(.refunds),
                trialsConverted: range.total(.trialsConverted), units: range.total(.units), revenue: revenue(range)))
    }

    /// The proceeds calibration of the vendor's SALES rows of the last
    /// ``ReconciliationService/calibrationDays`` days (where the store keeps reports), on top of
    /// the app's commission rules.
    package static func calibration(app: AppConfiguration, store: any PurchaseStore, today: PacificDay) async throws -> ProceedsEstimator {
        var estimator = app.proceedsEstimator
        if let reports = store as? any ReportStore, let vendor = app.reports?.vendorNumber {
            let days = today.adding(days: -ReconciliationService.calibrationDays)...today
            estimator.calibrate(with: try await reports.proceedsObservations(vendorNumber: vendor, in: days))
        }
        return estimator
    }

    package func body(_ day: FigureOverview.Day) -> OverviewResponse.Day {
        let products = day.active.keys.sorted().map { product in
            let phases = day.active[product] ?? [:]
            return OverviewResponse.ActiveProduct(
                productId: product, total: phases.values.reduce(0, +), trial: phases[.trial] ?? 0, intro: phases[.intro] ?? 0,
                promotional: phases[.promotional] ?? 0, standard: phases[.standard] ?? 0, grace: phases[.grace] ?? 0,
                billingRetry: phases[.billingRetry] ?? 0)
        }
        return OverviewResponse.Day(
            date: day.day.description, active: OverviewResponse.Active(total: day.activeTotal, byProduct: products),
            new: day.total(.new), renewed: day.total(.renewed), churned: day.total(.churned), refunds: day.total(.refunds),
            trialsConverted: day.total(.trialsConverted), units: day.total(.units), revenue: revenue(day))
    }

    package func revenue(_ day: FigureOverview.Day) -> [OverviewRevenue] {
        let currencies = Set(FigureOverview.moneyMetrics.flatMap { day.money[$0]?.keys.map { $0 } ?? [] })
        return currencies.sorted().map { currency in
            OverviewRevenue(
                currency: currency, customerPrice: day.money[.revenue]?[currency] ?? 0,
                estimatedProceeds: calibration.calibrated(ruleProceeds: day.money[.proceeds]?[currency] ?? 0, currency: currency),
                proceedsCalibrated: calibration.isCalibrated(currency: currency), refunded: day.money[.refunded]?[currency] ?? 0)
        }
    }

    /// The operations view: backlogs and lags of the last ``operationsWindow``.
    package func operations(serverAPIConfigured: Bool) async throws -> OperationsResponse {
        let now = now()
        let since = now.adding(milliseconds: -Self.operationsWindow)
        let figures = try await store.read { try await $0.operationsFigures(appId: appId, since: since, now: now) }
        func age(_ instant: Timestamp?) -> Int64? { instant.map { max(0, now.millisecondsSince1970 - $0.millisecondsSince1970) } }
        return OperationsResponse(
            appId: appId, now: now.millisecondsSince1970, since: since.millisecondsSince1970,
            notifications: OperationsResponse.Notifications(
                pending: figures.inboxReceived, failed: figures.inboxFailed, rejectedSince: figures.inboxRejectedSince,
                oldestWaiting: age(figures.oldestWaitingReceivedAt), processedSince: figures.processedSince,
                lastProcessedAt: figures.lastProcessedAt?.millisecondsSince1970, averageDeliveryLag: figures.averageDeliveryDelay,
                maximumDeliveryLag: figures.maximumDeliveryDelay, averageProcessingLag: figures.averageProcessingDelay,
                maximumProcessingLag: figures.maximumProcessingDelay),
            outbox: OperationsResponse.Outbox(
                pending: figures.outboxPending, oldestPending: age(figures.oldestOutboxPendingAt), failedSince: figures.outboxFailedSince),
            apple: OperationsResponse.Apple(
                serverAPIConfigured: serverAPIConfigured, pendingCalls: figures.appleOutboxPending,
                failedCallsSince: figures.appleOutboxFailedSince))
    }
}
