import Foundation
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

@testable import storekeeper

/// `storekeeper customer find <invoice order ID>`: a purchase Apple's invoice holds that
/// Storekeeper never recorded is shown as paid at Apple and not recorded here, with the order its
/// `appAccountToken` names and the correction that applies it.
@Suite struct InvoiceSearchTablesTests {
    @Test func anUnrecordedLinePrintsTheCorrectionThatAppliesIt() throws {
        let response = try JSONDecoder().decode(
            AdminSearchResponse.self,
            from: Data(
                """
                {"query": "MQ5GJ9XR2P", "candidates": ["invoiceOrder"],
                 "matches": [{"kind": "invoiceOrder", "customerId": "nora", "matched": "MQ5GJ9XR2P", "environment": "Sandbox",
                   "productId": "gems.100"}],
                 "invoice": {"orderId": "MQ5GJ9XR2P", "status": "valid", "environment": "Sandbox", "transactions": [
                   {"environment": "Sandbox", "transactionId": "2000000912345678", "originalTransactionId": "2000000912345678",
                    "productId": "gems.100", "purchaseDate": 1764000000000, "recorded": false,
                    "appAccountToken": "6F1C2A3B-0000-4000-8000-000000000001",
                    "order": {"id": "6F1C2A3B-0000-4000-8000-000000000001", "customerId": "nora", "productId": "gems.100",
                      "quantity": 1, "state": "expired"}},
                   {"environment": "Sandbox", "transactionId": "2000000912345679", "originalTransactionId": "2000000912345679",
                    "productId": "gems.100", "purchaseDate": 1764000000000, "recorded": true, "customerId": "nora"}]}}
                """.utf8))
        let output = CustomerTables.search(response)
        #expect(output.contains("(paid at Apple, not recorded here)"), "\(output)")
        #expect(output.contains("6f1c2a3b-0000-4000-8000-000000000001 expired (nora)"))
        #expect(
            output.contains(
                "storekeeper order correct 6f1c2a3b-0000-4000-8000-000000000001 attach --transaction-id 2000000912345678"
                    + " --environment Sandbox --reason \"invoice MQ5GJ9XR2P\""))
        #expect(!output.contains("--transaction-id 2000000912345679"), "a recorded line needs no correction")
    }
}
