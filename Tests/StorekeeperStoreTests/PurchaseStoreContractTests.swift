import StorekeeperStore
import StorekeeperTesting
import Testing

/// The shared store contract (`PurchaseStoreContract`, in StorekeeperTesting) over every
/// backend: each case gets a fresh store (a migrated database, or an empty memory store) and ends
/// with the ledger invariant check. PostgreSQL runs when `STOREKEEPER_TEST_POSTGRES_URL` is set;
/// otherwise a notice says it is skipped.
@Suite("PurchaseStore contract")
struct PurchaseStoreContractTests {
    @Test(arguments: StoreContractBackend.available, PurchaseStoreContract.cases)
    func contract(_ backend: StoreContractBackend, _ contractCase: StoreContractCase) async throws {
        try await backend.withContext { context in try await contractCase.run(context) }
    }

}
