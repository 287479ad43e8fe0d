import Storekeeper

extension PurchaseStoreError {
    /// `error` in the store's vocabulary, kept as ``PurchaseStoreError/underlying`` for logs:
    /// the translation at the SQL stores' boundary, so nothing above them sees an ``SQLError``.
    package init(_ error: SQLError) {
        let code: Code =
            switch error.code {
            case .serializationFailure, .deadlock: .changedSinceRead
            case .busy: .busy
            case .uniqueViolation: .uniqueViolation
            case .nulInText: .nulInText
            case .connectionFailure, .databaseClosed: .unavailable
            case .transactionAborted: .transactionAborted
            case .transactionClosed: .transactionClosed
            case .nestedTransaction: .nestedTransaction
            // A column that does not hold what the schema says it holds is stored data the
            // domain cannot represent.
            case .typeMismatch, .unsupportedType: .corruptData
            default: .storageFailure
            }
        let reason = error.constraint.map { "\(error.reason) [constraint \($0)]" } ?? error.reason
        self.init(code, reason, underlying: error)
    }

    /// Runs `body`, translating the ``SQLError`` it throws.
    package static nonisolated(nonsending) func translating<T>(
        _ body: nonisolated(nonsending) () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as SQLError {
            throw PurchaseStoreError(error)
        }
    }
}
