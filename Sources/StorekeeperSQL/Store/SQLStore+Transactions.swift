import AppStoreModels
import Foundation
import Storekeeper

extension SQLStoreQuerying {
    func transaction(environment: AppStoreEnvironment, transactionId: String) async throws -> StoredTransaction? {
        try await sql.queryFirst(TransactionRows.byId, [SQLValue(environment), .text(transactionId)])
            .map(TransactionRows.stored)
    }

    func transactions(
        environment: AppStoreEnvironment, originalTransactionId: String
    ) async throws
        -> [StoredTransaction]
    {
        try await sql.query(TransactionRows.byOriginal, [SQLValue(environment), .text(originalTransactionId)])
            .map(TransactionRows.stored)
    }

    func transactions(
        environment: AppStoreEnvironment, webOrderLineItemId: String
    ) async throws
        -> [StoredTransaction]
    {
        try await sql.query(TransactionRows.byWebOrder, [SQLValue(environment), .text(webOrderLineItemId)])
            .map(TransactionRows.stored)
    }

    func transactions(customerId: CustomerID, limit: Int) async throws -> [StoredTransaction] {
        try await sql.query(TransactionRows.byCustomer, [SQLValue(customerId), limitValue(limit)])
            .map(TransactionRows.stored)
    }

    func purchaseHistory(customerId: CustomerID, limit: Int) async throws -> [CustomerView.Purchase] {
        try await sql.query(TransactionRows.history, [SQLValue(customerId), limitValue(limit)]).map(TransactionRows.purchase)
    }

    func oneTimePurchases(customerId: CustomerID) async throws -> [StoredTransaction] {
        try await sql.query(TransactionRows.oneTime, [SQLValue(customerId)]).map(TransactionRows.stored)
    }

    func ownerCandidates(
        environment: AppStoreEnvironment, originalTransactionId: String, appAccountToken: UUID?
    )
        async throws -> OwnerCandidates
    {
        try await readOwnerCandidates(
            environment: environment, originalTransactionId: originalTransactionId, appAccountToken: appAccountToken)
    }

    func owner(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> CustomerID? {
        try await readOwner(environment: environment, originalTransactionId: originalTransactionId)
    }

    /// ``ownerCandidates(environment:originalTransactionId:appAccountToken:)`` from the database.
    func readOwnerCandidates(
        environment: AppStoreEnvironment, originalTransactionId: String, appAccountToken: UUID?
    )
        async throws -> OwnerCandidates
    {
        let row = try await sql.single(
            TransactionRows.ownerCandidates, [SQLValue(environment), .text(originalTransactionId), SQLValue(appAccountToken)])
        return try TransactionRows.ownerCandidates(row, at: 0)
    }

    /// ``owner(environment:originalTransactionId:)`` from the database.
    func readOwner(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> CustomerID? {
        try await sql.queryFirst(TransactionRows.owner, [SQLValue(environment), .text(originalTransactionId)])
            .map { try $0.customerID(0) }
    }
}

extension SQLStoreTransaction {
    /// Answered from the candidates read with the inbox insert while they stand (``OwnerCandidatesMemo``).
    func ownerCandidates(
        environment: AppStoreEnvironment, originalTransactionId: String, appAccountToken: UUID?
    )
        async throws -> OwnerCandidates
    {
        let key = OwnerCandidatesKey(
            purchase: PurchaseKey(environment: environment, originalTransactionId: originalTransactionId),
            appAccountToken: appAccountToken)
        if let read = ownerCandidatesRead.candidates(of: key) { return read }
        return try await readOwnerCandidates(
            environment: environment, originalTransactionId: originalTransactionId, appAccountToken: appAccountToken)
    }

    /// Answered from the candidates read with the inbox insert while they stand (``OwnerCandidatesMemo``).
    func owner(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> CustomerID? {
        if let read = ownerCandidatesRead.owner(of: PurchaseKey(environment: environment, originalTransactionId: originalTransactionId)) {
            return read
        }
        return try await readOwner(environment: environment, originalTransactionId: originalTransactionId)
    }

    /// Insert-or-nothing first (one statement for a new transaction); on a known one, lock the
    /// row and update only for a fact that supersedes the stored one (a later `signedDate`; equal
    /// dates broken by content, `AppleTransaction.supersedes`). Race-free on
    /// PostgreSQL: a concurrent insert of the same key makes ours wait and do nothing, after
    /// which the row lock orders the comparisons.
    func upsertTransaction(
        _ transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?
    ) async throws
        -> TransactionUpsert
    {
        let facts = TransactionRows.factBinds(transaction)
        let now = SQLValue(self.now())
        let inserted = try await sql.queryFirst(
            TransactionRows.insert, facts + [SQLValue(customerId), SQLValue(orderId), now])
        if inserted != nil { return .inserted }

        let select = sql.dialect.serializesWrites ? TransactionRows.byId : TransactionRows.selectForUpdate
        guard let row = try await sql.queryFirst(select, [SQLValue(transaction.environment), .text(transaction.transactionId)])
        else {
            // Only possible if another transaction deleted it in between; the store never does.
            throw SQLPurchaseStoreError.notFound(
                "transaction \(transaction.environment):\(transaction.transactionId) vanished during the upsert")
        }
        let previous = try TransactionRows.transaction(row)
        guard transaction.supersedes(previous) else { return .unchanged }
        try await sql.execute(TransactionRows.update, facts + [SQLValue(orderId), now])
        return .updated(previous: previous)
    }

    func linkOrder(_ orderId: UUID, environment: AppStoreEnvironment, transactionId: String) async throws -> Bool {
        try await sql.queryFirst(
            TransactionRows.linkOrder, [SQLValue(environment), .text(transactionId), SQLValue(orderId), SQLValue(now())]) != nil
    }

    func setOwner(environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID) async throws {
        try await sql.execute(
            TransactionRows.setOwner,
            [SQLValue(environment), .text(originalTransactionId), SQLValue(customerId), SQLValue(now())])
    }

    func claimOwner(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID
    ) async throws
        -> CustomerID
    {
        let binds = [SQLValue(environment), .text(originalTransactionId), SQLValue(customerId), SQLValue(now())]
        let statement = sql.dialect.supportsWritingCTEs ? TransactionRows.claimOwner : TransactionRows.insertOwner
        if let row = try await sql.queryFirst(statement, binds) { return try row.customerID(0) }
        // SQLite's insert found an owner; or (only if a caller skipped the purchase's lock) another
        // transaction committed one after this statement's snapshot was taken.
        guard let owner = try await owner(environment: environment, originalTransactionId: originalTransactionId) else {
            throw SQLPurchaseStoreError.notFound("the owner of \(originalTransactionId) was neither inserted nor found")
        }
        return owner
    }

    /// Deferred on PostgreSQL when the claimant is the expected owner (the common case: nobody
    /// owned it when read), checked there by ``TransactionRows/claimOwnerExpecting``.
    func claimOwner(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID,
        expecting expected: CustomerID
    ) async throws {
        if sql.dialect.supportsWritingCTEs && customerId == expected {
            try await sql.deferWrite(
                TransactionRows.claimOwnerExpecting,
                [SQLValue(environment), .text(originalTransactionId), SQLValue(customerId), SQLValue(now())])
            return
        }
        let owner = try await claimOwner(environment: environment, originalTransactionId: originalTransactionId, customerId: customerId)
        guard owner == expected else {
            throw PurchaseStoreError.changedSinceRead(
                "purchase \(originalTransactionId) changed owner (now \(owner.rawValue)) after it was read")
        }
    }

    /// Deferred on PostgreSQL, checked there by ``TransactionRows/insertNew``.
    func insertTransaction(_ transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?) async throws {
        guard sql.dialect.supportsWritingCTEs else {
            guard case .inserted = try await upsertTransaction(transaction, customerId: customerId, orderId: orderId) else {
                throw PurchaseStoreError.changedSinceRead(
                    "transaction \(transaction.environment.rawValue):\(transaction.transactionId) was recorded after it was read")
            }
            return
        }
        try await sql.deferWrite(
            TransactionRows.insertNew, TransactionRows.factBinds(transaction) + [SQLValue(customerId), SQLValue(orderId), SQLValue(now())])
    }

    func reassignTransactions(
        environment: AppStoreEnvironment, originalTransactionId: String, to customerId: CustomerID
    )
        async throws
    {
        try await sql.execute(
            TransactionRows.reassign,
            [SQLValue(environment), .text(originalTransactionId), SQLValue(customerId), SQLValue(now())])
    }
}
