import AppStoreModels
import Storekeeper
import Testing

/// `LedgerAccount.hasStableName`, which booking checks for every posting, says exactly what
/// writing an account's name and reading it back says.
@Suite struct LedgerAccountNameTests {
    static let customers: [CustomerID?] = [
        nil,
        CustomerID(rawValue: "kim"),
        CustomerID(rawValue: "guest:device-1"),
        CustomerID(rawValue: "a:b:c"),
        CustomerID(rawValue: "..."),
        CustomerID(stored: ".."),
        CustomerID(stored: "app-b/kim"),
        CustomerID(rawValue: "kim")?.placed(in: CustomerSpace("app-b")!),
        CustomerID(rawValue: "x:y")?.placed(in: CustomerSpace("app-c")!),
    ]
    static let currencies = ["gems", "", ":", "a:b", "gems:", ":gems", "é", "coins/2"]
    static let kinds: [LedgerAccount.Kind] = [.customer, .issued, .spent, .loss, .adjustment]

    @Test func agreesWithReadingTheNameBack() {
        var stable = 0
        for kind in Self.kinds {
            for customer in Self.customers {
                for currency in Self.currencies {
                    let account = LedgerAccount(kind: kind, customerId: customer, currency: currency)
                    let readBack = LedgerAccount(name: account.description) == account
                    #expect(account.hasStableName == readBack, "\(kind) \(String(describing: customer?.key)) \(currency)")
                    if readBack { stable += 1 }
                }
            }
        }
        // Both answers occur: 8 customers and 4 kinds without one, each with the 3 currencies
        // free of `:` and non-empty.
        #expect(stable == (8 + 4) * 3)
    }

    @Test func bookingRefusesAnAccountWhoseNameDoesNotReadBack() throws {
        let kim = try #require(CustomerID(rawValue: "kim"))
        let unstable = LedgerAccount(kind: .issued, customerId: kim, currency: "gems")
        let entry = try JournalEntry(
            key: "k", kind: .credit, customerId: kim, currency: "gems",
            postings: [.init(unstable, -5), .init(.customer(kim, "gems"), 5)], createdAt: Timestamp(millisecondsSince1970: 0))
        #expect(throws: PurchaseStoreError.self) { try entry.validateForPosting() }
    }
}
