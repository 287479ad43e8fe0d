import StorekeeperTesting
import Testing

/// The shared store contract (`PurchaseStoreContract`, in StorekeeperTesting) over every
/// backend: each case gets a fresh, migrated database and ends with the ledger invariant check.
/// PostgreSQL runs when `STOREKEEPER_TEST_POSTGRES_URL` is set; otherwise a notice says it is skipped.
@Suite("PurchaseStore contract")
struct PurchaseStoreContractTests {
    @Test(arguments: StoreTestBackend.available, PurchaseStoreContract.cases)
    func contract(_ backend: StoreTestBackend, _ contractCase: StoreContractCase) async throws {
        try await backend.withStore { database in try await contractCase.run(database.context) }
    }

}
