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

    @Test(arguments: ["", "a/b", String(repeating: "a", count: 129)])
    func storedIdsAreStillChecked(_ raw: String) {
        #expect(CustomerID(stored: raw) == nil)
    }

    @Test func guestsOfDotDevicesAreNotDotSegments() {
        #expect(CustomerID.guest(deviceId: ".")?.rawValue == "guest:.")
        #expect(CustomerID.guest(deviceId: "..")?.rawValue == "guest:..")
    }
}
