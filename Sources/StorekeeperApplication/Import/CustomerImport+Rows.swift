import AppStoreAPI
import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// One row of an import: resolved at Apple, then applied (or, in a dry run, predicted) with its
/// outcome in the same write.
extension CustomerImport {
    /// What Apple answered for a row's identifier.
    struct Resolution: Sendable {
        var history: [AppleTransaction]
        var statuses: [SubscriptionFact]
    }

    /// Thrown in a row's write when another run recorded the row first: the write rolls back.
    private struct AlreadyRecorded: Error {}

    func process(_ row: ImportJobRow, of job: ImportJob) async throws {
        guard let parsed = row.row, let customer = CustomerID(parsed.customerId, in: app.customerSpace) else {
            return try await record(row, of: job, .invalid, row.detail ?? "the row names no customer and identifier")
        }
        let resolution: Resolution?
        do {
            resolution = try await resolve(parsed.identifier)
        } catch {
            // A stopped run leaves the row to the next one, whatever the interrupted call threw.
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            return try await record(row, of: job, .failed, String(describing: error))
        }
        guard let resolution else {
            return try await record(row, of: job, .unknownAtApple, nil)
        }
        if job.dryRun {
            let (outcome, other) = try await predict(resolution.history, for: customer)
            return try await record(row, of: job, outcome, other.map { "owned by \($0.rawValue)" })
        }
        let actor = AuditActor.operator(job.operatorName)
        let fact = "import:\(job.id.lowercasedString):\(row.line)"
        do {
            try await store.write { tx in
                var outcome = ImportOutcome.alreadyKnown
                var other: CustomerID?
                if !resolution.history.isEmpty {
                    let applied = try await applier.applyPresented(
                        resolution.history, renewals: [], by: customer, orderId: nil, actor: actor, fact: fact, now: now(), in: tx)
                    outcome = ImportOutcome.of(applied)
                    other = ImportOutcome.otherOwner(in: applied)
                }
                if outcome != .ownershipConflict {
                    for status in resolution.statuses {
                        _ = try await applier.applySubscriptionFact(status, actor: actor, factReference: fact, now: now(), in: tx)
                    }
                }
                guard
                    try await tx.recordImportOutcome(
                        jobId: job.id, ordinal: row.ordinal, outcome: outcome, detail: other.map { "owned by \($0.rawValue)" })
                else { throw AlreadyRecorded() }
            }
        } catch is AlreadyRecorded {
            return
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            try await record(row, of: job, .failed, String(describing: error))
        }
    }

    /// Records an outcome that applies nothing (a second recording is a no-op).
    private func record(_ row: ImportJobRow, of job: ImportJob, _ outcome: ImportOutcome, _ detail: String?) async throws {
        _ = try await store.write {
            try await $0.recordImportOutcome(jobId: job.id, ordinal: row.ordinal, outcome: outcome, detail: detail)
        }
    }

    /// The customer's purchases at Apple through `identifier`: in the first environment that
    /// knows it (a receipt names its own); `nil` when none does. Subscription statuses are asked
    /// for only when the history holds a subscription.
    func resolve(_ identifier: ImportIdentifier) async throws -> Resolution? {
        let connection = try AppleSide.connection(runtime)
        let id: String
        let environments: [AppStoreEnvironment]
        switch identifier {
        case .receipt(let base64):
            let verified = try await runtime.verify(.appReceipt(base64))
            guard let first = verified.transactions.first else { return nil }
            id = first.originalTransactionId
            environments = [first.environment]
        case .transactionId(let value), .originalTransactionId(let value), .appTransactionId(let value):
            id = value
            environments = [.production, .sandbox]
        }
        for environment in environments where connection.serverAPI[environment] != nil {
            do {
                let history = try await connection.history(environment: environment, transactionId: id)
                let subscribed = history.contains { $0.productType == .autoRenewableSubscription }
                let statuses = subscribed ? try await connection.statusFacts(environment: environment, transactionId: id) : []
                return Resolution(history: history, statuses: statuses)
            } catch let error as AppStoreAPIError where Self.meansUnknown(error) {
                continue
            }
        }
        return nil
    }

    /// Apple's answers for an identifier it does not know.
    static func meansUnknown(_ error: AppStoreAPIError) -> Bool {
        [.transactionIdNotFound, .originalTransactionIdNotFound, .invalidTransactionId].contains(error.errorCode)
    }

    /// What applying `history` for `customer` would do, from what the store holds.
    private func predict(_ history: [AppleTransaction], for customer: CustomerID) async throws -> (ImportOutcome, CustomerID?) {
        guard !history.isEmpty else { return (.alreadyKnown, nil) }
        return try await store.read { tx in
            var owners: [CustomerID?] = []
            for key in Set(history.map(PurchaseKey.init)) {
                owners.append(try await tx.owner(environment: key.environment, originalTransactionId: key.originalTransactionId))
            }
            var allKnown = true
            for transaction in history where allKnown {
                allKnown = try await tx.transaction(environment: transaction.environment, transactionId: transaction.transactionId) != nil
            }
            let outcome = ImportOutcome.predicted(customer: customer, owners: owners, allKnown: allKnown, policy: app.policy.transfer)
            let other = owners.compactMap { $0 }.first { $0 != customer && !PurchaseDecision.isPlaceholder($0) }
            return (outcome, outcome == .ownershipConflict ? other : nil)
        }
    }
}
