import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Which strings are customer ids. `.` and `..` are not: as path segments clients and proxies
/// normalise them away, so such a customer could never be reached.
@Suite struct CustomerIDTests {
    @Test(arguments: [".", "..", "", String(repeating: "a", count: 129), "a/b", "a b", "é"])
    func refused(_ raw: String) {
        #expect(CustomerID(rawValue: raw) == nil)
        let json = Data(#"{"id":"\#(raw)"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String: CustomerID].self, from: json) }
    }

    @Test(arguments: ["...", ".a", "a.", "a..b", "guest:.", "guest:..", "alice@example.com", String(repeating: "a", count: 128)])
    func accepted(_ raw: String) throws {
        #expect(CustomerID(rawValue: raw)?.rawValue == raw)
        let json = Data(#"{"id":"\#(raw)"}"#.utf8)
        #expect(try JSONDecoder().decode([String: CustomerID].self, from: json)["id"]?.rawValue == raw)
    }

    /// Rows written while `.` and `..` were still accepted stay readable.
    @Test(arguments: [".", ".."])
    func storedDotIdsStayReadable(_ raw: String) {
        #expect(CustomerID(stored: raw)?.rawValue == raw)
        #expect(LedgerAccount(name: "customer:\(raw):gems")?.customerId?.rawValue == raw)
    }

    /// `space/id` is a customer of an app's space (``CustomerSpaceTests``); what is neither a
    /// well-formed id nor a well-formed space and id is refused.
    @Test(arguments: ["", "a/", "/b", "A/b", "a/b/c", "a b/c", String(repeating: "a", count: 129)])
    func storedIdsAreStillChecked(_ raw: String) {
        #expect(CustomerID(stored: raw) == nil)
    }

    @Test func guestsOfDotDevicesAreNotDotSegments() {
        #expect(CustomerID.guest(deviceId: ".")?.rawValue == "guest:.")
        #expect(CustomerID.guest(deviceId: "..")?.rawValue == "guest:..")
    }
}

/// A customer's space is part of its stored key and of nothing the app sees.
@Suite struct CustomerSpaceTests {
    static let app = CustomerSpace("app-b")!

    @Test func aPreIsolationCustomerIsStoredAsEarlierVersionsStoredIt() throws {
        let kim = try #require(CustomerID(rawValue: "kim"))
        #expect(kim.space == .preIsolation && kim.key == "kim")
        #expect(LedgerAccount.customer(kim, "gems").description == "customer:kim:gems")
        #expect(CustomerID(stored: "kim") == kim)
    }

    @Test(arguments: ["kim", "guest:ipad-1", ".", "a.b@c-d"])
    func anIdInASpaceIsAnotherCustomerStoredBehindIt(_ raw: String) throws {
        let placed = try #require(CustomerID(stored: "app-b/" + raw))
        #expect(placed.rawValue == raw && placed.space == Self.app && placed.key == "app-b/" + raw)
        #expect(placed != CustomerID(stored: raw))
        let account = LedgerAccount.customer(placed, "gems")
        #expect(LedgerAccount(name: account.description) == account)
        // What leaves the server is the id as the app named it.
        #expect(String(decoding: try JSONEncoder().encode([placed]), as: UTF8.self) == "[\"\(raw)\"]")
        #expect("\(placed)" == raw)
    }

    @Test func requestIdsArePlacedAndSpendKeysKeepSpacesApart() throws {
        let decoded = try JSONDecoder().decode([CustomerID].self, from: Data(#"["kim"]"#.utf8))[0]
        let placed = decoded.placed(in: Self.app)
        #expect(placed == CustomerID("kim", in: Self.app))
        let here = try Wallet.spend(placed, currency: "gems", amount: 1, key: "k", reference: nil, at: Timestamp(millisecondsSince1970: 0))
        let there = try Wallet.spend(
            decoded, currency: "gems", amount: 1, key: "k", reference: nil, at: Timestamp(millisecondsSince1970: 0))
        #expect(here.key != there.key)
    }

    @Test(arguments: ["", "App", "a/b", "a b", "é"])
    func spacesAreAppOrGroupIds(_ raw: String) {
        #expect(CustomerSpace(raw) == nil)
        #expect(CustomerID(stored: raw + "/kim") == nil)
    }
}
