import Storekeeper
public import StorekeeperStore
public import Testing

/// What a store contract case runs against.
public struct StoreContractContext: Sendable {
    public let store: any PurchaseStore
    /// A second instance on the same data (a second Storekeeper process on PostgreSQL; the same
    /// store where one process owns the database). Concurrency cases race the two.
    public let otherInstance: any PurchaseStore

    public init(store: any PurchaseStore, otherInstance: (any PurchaseStore)? = nil) {
        self.store = store
        self.otherInstance = otherInstance ?? store
    }
}

/// One case of the store contract, run by a backend's test target with a fresh, empty store.
public struct StoreContractCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    public let name: String
    private let body: @Sendable (StoreContractContext) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (StoreContractContext) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var testDescription: String { name }
    public var description: String { name }

    /// Runs the case, then checks the ledger invariant: every materialized balance equals the
    /// sum of its account's postings.
    public func run(_ context: StoreContractContext) async throws {
        try await body(context)
        let discrepancies = try await context.store.read { try await $0.ledgerDiscrepancies() }
        #expect(discrepancies.isEmpty, "ledger invariant broken after \(name): \(discrepancies)")
    }
}

/// The behaviour every `PurchaseStore` must have, as test cases any backend runs:
///
/// ```swift
/// @Test(arguments: StoreContractBackend.available, PurchaseStoreContract.cases)
/// func contract(_ backend: StoreContractBackend, _ contractCase: StoreContractCase) async throws {
///     try await backend.withContext { try await contractCase.run($0) }
/// }
/// ```
public enum PurchaseStoreContract {
    public static let cases: [StoreContractCase] =
        customerCases + customerRecordCases + transactionCases + concurrentTransactionCases + subscriptionCases + grantCases
        + expectedWriteCases + ledgerCases + concurrentLedgerCases + auditCases + inboxCases + outboxCases + coordinationCases
        + recoveryCases + operatorCases
        + transactionalityCases + textCases
        + searchCases + timelineCases + seatCases + seatClaimCases + appleAccountCases + retentionCases
        + operatorGrantCases
        + inboxQueryCases
        + figuresCases
        + analyticsCases
        + consoleSessionCases
        + inboxAttemptCases
        + spaceCases
        + unpaidOrderCases
        + feedCases
        + importJobCases
}
