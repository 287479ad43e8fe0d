import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The search box's classifier: which kinds of identifier a text can be, from its shape alone.
@Suite struct SearchQueryTests {
    @Test(arguments: [
        ("alice", [SearchMatch.Kind.customer, .alias]),
        ("guest:ipad-1", [.customer, .alias]),
        ("  2000000123456789  ", [.customer, .alias, .transaction, .originalTransaction, .webOrderLineItem, .appTransaction]),
        ("7E3FB20B-4CDB-47CC-936D-99D65F608138", [.customer, .alias, .order]),
        ("7e3fb20b-4cdb-47cc-936d-99d65f608138", [.customer, .alias, .order]),
        ("MK5TTTVWJH", [.customer, .alias, .invoiceOrder]),
        ("MK5T", [.customer, .alias]),
        ("12345678901234567890123", [.customer, .alias]),
        ("ÉTÉ", []),
        ("a b", []),
        ("", []),
        ("   ", []),
    ])
    func classifies(_ text: String, _ kinds: [SearchMatch.Kind]) {
        #expect(SearchQuery(text, in: .preIsolation)?.candidateKinds ?? [] == kinds)
    }

    @Test func trimsAndKeepsTheParsedForms() throws {
        let query = try #require(SearchQuery("\t7E3FB20B-4CDB-47CC-936D-99D65F608138\n", in: .preIsolation))
        #expect(query.text == "7E3FB20B-4CDB-47CC-936D-99D65F608138")
        #expect(query.orderId == UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"))
        #expect(query.appleId == nil)
        #expect(SearchQuery("1000000001", in: .preIsolation)?.appleId == "1000000001")
        #expect(SearchQuery("MK5TTTVWJH", in: .preIsolation)?.invoiceOrderId == "MK5TTTVWJH")
        #expect(SearchQuery("1234567890", in: .preIsolation)?.invoiceOrderId == nil, "an invoice order ID has a letter")
    }

    @Test func refusesTextLongerThanAnyIdentifier() {
        #expect(SearchQuery(String(repeating: "a", count: 128), in: .preIsolation) != nil)
        #expect(SearchQuery(String(repeating: "a", count: 129), in: .preIsolation) == nil)
    }
}
