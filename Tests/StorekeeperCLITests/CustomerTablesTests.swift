import Foundation
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

@testable import storekeeper

/// `storekeeper customer show|timeline` print stored text (a grant's or an adjustment's reason,
/// a ledger key, Apple's error text) for a terminal: escape sequences and bidirectional
/// overrides arrive as visible stand-ins and never reach the terminal, while `--json` prints the
/// API's JSON as it is.
@Suite struct CustomerTablesTests {
    /// Clears the screen, retitles the window, then reverses what follows.
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}refund \u{202E}gnp.exe"
    static let shown = "␛[2J␛]0;pwned␇refund <U+202E>gnp.exe"

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// JSON's escape for `text` inside a string literal.
    static func json(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    static func expectNeutral(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = output.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
        #expect(raw.isEmpty, "raw controls reach the terminal: \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    @Test func aRecordShowsStoredTextNeutralised() throws {
        let record = try Self.decode(
            AdminCustomerRecord.self,
            """
            {"customerId": "alice", "exists": true, "createdAt": 1764000000000, "aliases": [],
             "entitlements": [{"id": "premium", "productId": "", "isActive": true, "startsAt": 1764000000000,
               "source": {"kind": "operatorGrant", "operatorName": "sam", "reason": \(try Self.json(Self.hostile))}}],
             "subscriptions": [],
             "wallet": {"balances": {"gems": 5}, "entries": [{"sequence": 1, "key": \(try Self.json("adjust:\u{202E}4711\nforged")),
               "kind": "adjustment", "currency": "gems", "amount": 5, "createdAt": 1764000000000, "postings": []}]},
             "orders": {"items": []}, "purchases": [],
             "appleAccounts": [{"appTransactionId": \(try Self.json("7041\u{1B}[2J")), "environment": "Production",
               "sharedWith": [\(try Self.json(Self.hostile))]}]}
            """)
        let output = CustomerTables.record(record)
        Self.expectNeutral(output)
        #expect(output.contains("7041␛[2J") && output.contains("Apple accounts"), "\(output)")
        #expect(output.contains("operator sam: " + Self.shown))
        #expect(output.contains("adjust:<U+202E>4711␊forged"), "a line feed cannot forge a row: \(output)")
    }

    @Test func aCommitmentShowsItsBillingPeriodEndAndRenewal() throws {
        let record = try Self.decode(
            AdminCustomerRecord.self,
            """
            {"customerId": "alice", "exists": true, "aliases": [], "entitlements": [],
             "subscriptions": [{"environment": "Sandbox", "originalTransactionId": "2000001", "productId": "yearly",
               "phase": "active", "autoRenewStatus": 1, "eligibleWinBackOfferIds": [], "periods": [],
               "billingPlanType": "MONTHLY", "commitment": {"billingPeriodNumber": 4, "totalBillingPeriods": 12,
                 "expiresAt": 1796428800000, "autoRenewStatus": 0}}],
             "wallet": {"balances": {}, "entries": []}, "orders": {"items": []}, "purchases": []}
            """)
        let output = CustomerTables.record(record)
        #expect(output.contains("4/12 to 2026-12-05 00:00:00, cancelled"), "\(output)")
    }

    @Test func aTimelineShowsStoredTextNeutralised() throws {
        let page = try Self.decode(
            AdminTimelinePage.self,
            """
            {"customerId": "alice", "entries": [
              {"id": "audit:1", "kind": "operator", "at": 1764000000000, "hasRaw": false,
               "event": {"id": "00000000-0000-0000-0000-000000000001", "kind": "wallet.adjusted", "actor": "operator:sam",
                 "details": {"memo": \(try Self.json("\u{9B}31m red"))}, "reason": \(try Self.json(Self.hostile)),
                 "createdAt": 1764000000000}},
              {"id": "notification:n1", "kind": "notification", "at": 1764000000000, "hasRaw": true,
               "notification": {"id": "n1", "version": 2, "notificationType": "REFUND", "receivedAt": 1764000000000,
                 "status": "failed", "attempts": 1, "lastError": \(try Self.json("bad\r\u{2066}text"))}}]}
            """)
        let output = CustomerTables.timeline(page)
        Self.expectNeutral(output)
        #expect(output.contains("reason: " + Self.shown))
        #expect(output.contains("memo=<U+009B>31m red"))
        #expect(output.contains("error: bad␍<U+2066>text"))
    }

    @Test func aSearchWithoutMatchShowsTheQueryNeutralised() throws {
        let response = try Self.decode(
            AdminSearchResponse.self, #"{"query": "\u001b[31mnobody", "candidates": ["customer"], "matches": []}"#)
        let output = CustomerTables.search(response)
        Self.expectNeutral(output)
        #expect(output.hasPrefix("no match for ␛[31mnobody"))
    }

    @Test func anErrorFromTheServerIsPrintedNeutralised() {
        let failure = AdminClient.Failure(status: 404, code: "notFound", message: "no customer \u{1B}]0;x\u{07}")
        #expect(failure.description == "404 notFound: no customer ␛]0;x␇")
    }
}
